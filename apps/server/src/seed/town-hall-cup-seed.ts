import { daysFrom, type EventSeed, registrationPhase, type SegmentSeed } from './seed-types.js';

function cupLevel(now: Date, thLevel: number): SegmentSeed {
  const registration = registrationPhase(daysFrom(now, -14), daysFrom(now, 14));
  return {
    slug: `town-hall-cup-th${thLevel}`,
    name: `Town Hall Cup TH${thLevel}`,
    stageCode: 'LADDER',
    eliminationType: 'ladder',
    type: 'container',
    format: `Town Hall ${thLevel} ladder; the top 8 teams advance to the Finals.`,
    from: daysFrom(now, -7),
    to: daysFrom(now, 24),
    thLevel,
    registrationStatus: 'open',
    registrationPhases: [registration],
    children: [
      {
        slug: `town-hall-cup-th${thLevel}-ladder`,
        name: 'Ladder',
        stageCode: 'LADDER',
        eliminationType: 'ladder',
        type: 'ladder',
        format: 'Ladder: the top 8 teams advance to the Finals.',
        from: daysFrom(now, -7),
        to: daysFrom(now, 21),
        thLevel,
        registrationStatus: 'open',
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
        from: daysFrom(now, 23),
        to: daysFrom(now, 24),
        thLevel,
        rostersLimit: { limit: 8, standbyLimit: 0 },
      },
    ],
  };
}

/** The town hall cup: one TH9, TH12 and TH15 competition, each a ladder then finals. */
export function townHallCupSeed(now: Date): EventSeed {
  return {
    slug: 'town-hall-cup-current',
    name: `Town Hall Cup ${now.getUTCFullYear()}`,
    status: 'active',
    competition: 'townHallCup',
    thLevels: [9, 12, 15],
    from: daysFrom(now, -14),
    to: daysFrom(now, 30),
    segments: [cupLevel(now, 9), cupLevel(now, 12), cupLevel(now, 15)],
  };
}
