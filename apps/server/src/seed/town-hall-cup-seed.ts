import { daysFrom, type EventSeed, registrationPhase, type SegmentSeed } from './seed-types.js';

/** When a level's ladder and Finals run, relative to now. */
interface CupDates {
  registration: [number, number];
  ladder: [number, number];
  finals: [number, number];
  registrationStatus: 'open' | 'closed';
}

/** Ladder open now, Finals after it. */
const UPCOMING_FINALS: CupDates = {
  registration: [-14, 14],
  ladder: [-7, 21],
  finals: [23, 24],
  registrationStatus: 'open',
};

/**
 * Demo: the ladder is over and the Finals of its top 8 are being played (day 1 yesterday, day 2
 * today, day 3 tomorrow; demo-season-seed.ts plays the ladder, the advance and day 1).
 */
export const FINALS_IN_PROGRESS: CupDates = {
  registration: [-28, -22],
  ladder: [-21, -2],
  finals: [-1, 2],
  registrationStatus: 'closed',
};

/** The level whose Finals the demo season plays (TH15 and TH12 keep an open ladder for tests and players). */
export const DEMO_FINALS_TH_LEVEL = 9;

function cupLevel(now: Date, thLevel: number, dates: CupDates): SegmentSeed {
  const registration = registrationPhase(
    daysFrom(now, dates.registration[0]),
    daysFrom(now, dates.registration[1]),
  );
  return {
    slug: `town-hall-cup-th${thLevel}`,
    name: `Town Hall Cup TH${thLevel}`,
    stageCode: 'LADDER',
    eliminationType: 'ladder',
    type: 'container',
    format: `Town Hall ${thLevel} ladder; the top 8 teams advance to the Finals.`,
    from: daysFrom(now, dates.ladder[0]),
    to: daysFrom(now, dates.finals[1]),
    thLevel,
    registrationStatus: dates.registrationStatus,
    registrationPhases: [registration],
    children: [
      {
        slug: `town-hall-cup-th${thLevel}-ladder`,
        name: 'Ladder',
        stageCode: 'LADDER',
        eliminationType: 'ladder',
        type: 'ladder',
        format: 'Ladder: the top 8 teams advance to the Finals.',
        from: daysFrom(now, dates.ladder[0]),
        to: daysFrom(now, dates.ladder[1]),
        thLevel,
        registrationStatus: dates.registrationStatus,
        registrationPhases: [registration],
        rostersLimit: { limit: 5_000, standbyLimit: 0 },
      },
      {
        slug: `town-hall-cup-th${thLevel}-finals`,
        name: 'Finals',
        stageCode: 'FINALS',
        eliminationType: 'double_elimination',
        type: 'double_elimination',
        format: 'Double elimination bracket of the 8 best ladder teams.',
        from: daysFrom(now, dates.finals[0]),
        to: daysFrom(now, dates.finals[1]),
        thLevel,
        rostersLimit: { limit: 8, standbyLimit: 0 },
      },
    ],
  };
}

/** The town hall cup: one TH9, TH12 and TH15 competition, each a ladder then finals (TH9's Finals under way). */
export function townHallCupSeed(now: Date): EventSeed {
  return {
    slug: 'town-hall-cup-current',
    name: `Town Hall Cup ${now.getUTCFullYear()}`,
    status: 'active',
    competition: 'townHallCup',
    thLevels: [9, 12, 15],
    // From the first registration of the level whose Finals are under way.
    from: daysFrom(now, -28),
    to: daysFrom(now, 30),
    // No prizes: the spec gives no figure for the town hall cup.
    segments: [9, 12, 15].map((level) =>
      cupLevel(now, level, level === DEMO_FINALS_TH_LEVEL ? FINALS_IN_PROGRESS : UPCOMING_FINALS),
    ),
  };
}
