import type { EventSeed } from './seed-types.js';

/** The 2025 World Championship wrapper event (spec 3) with its World Finals in Atlanta (spec 9). */
export function worldChampionshipSeed(): EventSeed {
  const from = new Date('2025-10-31T14:00:00Z');
  const to = new Date('2025-11-02T23:59:59Z');
  return {
    slug: 'world-championship-2025',
    name: 'Clash of Clans World Championship 2025',
    status: 'archived',
    competition: 'championship',
    thLevels: [17],
    from,
    to,
    // Spec 9: the World Finals' 700,000 USD prize pool, all of it paid at the Championship Finals.
    prizes: {
      currency: 'USD',
      pool: 700_000,
      monthlyFinalsPool: null,
      championshipFinalsPool: 700_000,
      placements: [],
    },
    segments: [
      {
        slug: 'world-finals',
        name: 'World Finals',
        stageCode: 'CF',
        eliminationType: 'double_elimination',
        type: 'double_elimination',
        format:
          'World Finals in Atlanta: 8 teams, double elimination, 15 matches over 3 days ' +
          '(matches 1-6 on day 1, 7-12 on day 2, 13-15 on day 3), 700,000 USD prize pool.',
        from,
        to,
        thLevel: 17,
        registrationStatus: 'closed',
        rostersLimit: { limit: 8, standbyLimit: 0 },
      },
    ],
  };
}
