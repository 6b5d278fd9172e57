import type { RegistrationPhaseData } from '../db/schema/index.js';
import { daysFrom, type EventSeed, iso, registrationPhase, type SegmentSeed } from './seed-types.js';

/**
 * The current year's TH17 championship: ladder open now, then MQ, MF and the finals. For the demo
 * the Monthly Qualifier runs now too (from yesterday, its swiss round 1 played and round 2 about to
 * start, demo-season-seed.ts), seeded from the demo ladder's standings; it starts after the ladder
 * so the ladder stays the championship's current stage (spec 4: the first running child).
 */
export function championshipSeed(now: Date): EventSeed {
  const registration = registrationPhase(daysFrom(now, -14), daysFrom(now, 14));
  const ladderFrom = daysFrom(now, -7);
  const ladderTo = daysFrom(now, 21);
  const mqFrom = daysFrom(now, -1);
  const dates = { now, registration, ladderFrom, ladderTo, mqFrom };
  return {
    slug: 'championship-current',
    name: `Clash of Clans Championship ${now.getUTCFullYear()}`,
    status: 'active',
    competition: 'championship',
    thLevels: [17],
    from: daysFrom(now, -14),
    to: daysFrom(now, 70),
    // No prizes: the spec announces a prize pool only for the 2025 World Finals (spec 9), so the
    // current season's prizes page says none are announced until the organizer sets them.
    segments: [
      {
        slug: 'championship-th17',
        name: 'Championship TH17',
        stageCode: 'OL',
        eliminationType: 'ladder',
        type: 'container',
        format: 'Open Qualifier ladder, Monthly Qualifier (swiss), Monthly Finals and Championship Finals.',
        from: ladderFrom,
        to: daysFrom(now, 62),
        thLevel: 17,
        registrationStatus: 'open',
        registrationPhases: [registration],
        children: [openQualifier(dates), monthlyQualifier(dates), ...finals(now)],
      },
      sandbox(dates),
    ],
  };
}

/** The dates the championship's stages hang off (one registration phase, shared). */
interface ChampionshipDates {
  now: Date;
  registration: RegistrationPhaseData;
  ladderFrom: Date;
  ladderTo: Date;
  mqFrom: Date;
}

/** OL: the open ladder, running now. */
function openQualifier({ registration, ladderFrom, ladderTo }: ChampionshipDates): SegmentSeed {
  return {
    slug: 'open-qualifier',
    name: 'Open Qualifier',
    stageCode: 'OL',
    eliminationType: 'ladder',
    type: 'ladder',
    format: 'Open ladder: the top 128 teams advance to the Monthly Qualifier.',
    from: ladderFrom,
    to: ladderTo,
    thLevel: 17,
    registrationStatus: 'open',
    registrationPhases: [registration],
    rostersLimit: { limit: 20_000, standbyLimit: 0 },
  };
}

/** MQ: the swiss Monthly Qualifier, from yesterday, its check-in open around now. */
function monthlyQualifier({ now, registration, mqFrom }: ChampionshipDates): SegmentSeed {
  return {
    slug: 'monthly-qualifier',
    name: 'Monthly Qualifier',
    stageCode: 'MQ',
    eliminationType: 'swiss',
    type: 'swiss',
    format: 'Swiss rounds between the 128 best ladder teams.',
    from: mqFrom,
    to: daysFrom(now, 3),
    thLevel: 17,
    phase: 'MONTHLY_QUALIFIERS',
    registrationPhases: [registration],
    // Open around now, so segment check-in can be tried right away.
    checkins: {
      enabled: true,
      openWindow: { from: iso(daysFrom(now, -2)), to: iso(daysFrom(now, 3)) },
    },
    rostersLimit: { limit: 128, standbyLimit: 0 },
  };
}

/** MF and CF: the double elimination finals, weeks ahead. */
function finals(now: Date): SegmentSeed[] {
  return [
    {
      slug: 'monthly-finals',
      name: 'Monthly Finals',
      stageCode: 'MF',
      eliminationType: 'double_elimination',
      type: 'double_elimination',
      format: 'Double elimination bracket of the Monthly Qualifier winners.',
      from: daysFrom(now, 28),
      to: daysFrom(now, 29),
      thLevel: 17,
      rostersLimit: { limit: 8, standbyLimit: 0 },
    },
    {
      slug: 'championship-finals',
      name: 'Championship Finals',
      stageCode: 'CF',
      eliminationType: 'double_elimination',
      type: 'double_elimination',
      format: 'Double elimination bracket of the Monthly Finals winners.',
      from: daysFrom(now, 60),
      to: daysFrom(now, 62),
      thLevel: 17,
      rostersLimit: { limit: 8, standbyLimit: 0 },
    },
  ];
}

/** A sandbox ladder for testing, hidden from players. */
function sandbox({ registration, ladderFrom, ladderTo }: ChampionshipDates): SegmentSeed {
  return {
    slug: 'test-championship-sandbox',
    name: '[TEST] Championship sandbox',
    stageCode: 'OL',
    eliminationType: 'ladder',
    type: 'ladder',
    format: 'Sandbox for testing; hidden from players.',
    from: ladderFrom,
    to: ladderTo,
    thLevel: 17,
    registrationStatus: 'open',
    registrationPhases: [registration],
  };
}
