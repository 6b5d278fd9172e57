import { type BracketNode, createDoubleElimination } from '@cwh/domain';
import type { MatchSeriesValue } from '../matches/match-series-api';
import type { BracketInfo } from './finals-model';

/** Eight finalists, seeds 1 to 8, roster ids `r1`…`r8`, named `Team 1`…`Team 8`. */
export const TEAMS = Array.from({ length: 8 }, (_, i) => ({ rosterId: `r${i + 1}`, seed: i + 1 }));

export function bracketInfo(championRosterId: string | null = null): BracketInfo {
  return {
    id: 'stage-1',
    segment: { id: 'segment-cf' },
    format: 'double_elimination',
    teams: TEAMS,
    startsAt: '2025-10-31T14:00:00Z',
    createdAt: '2025-10-01T00:00:00Z',
    swiss: null,
    doubleElimination: {
      upperRounds: 3,
      lowerRounds: 4,
      matches: 15,
      playedMatches: championRosterId ? 14 : 0,
      championRosterId,
      complete: championRosterId !== null,
      placements: [],
    },
  };
}

const seedOf = (node: BracketNode, side: 'home' | 'away') => {
  const source = node[side];
  return source.kind === 'seed' ? `r${source.seed}` : null;
};

/** One series per bracket node, as GET /bracket/{id}/match-series orders them: by round, then play order. */
export function stageSeries(): MatchSeriesValue[] {
  const bracket = createDoubleElimination(TEAMS);
  const dayStart = ['2025-10-31T14:00:00Z', '2025-11-01T14:00:00Z', '2025-11-02T15:00:00Z'];
  return [...bracket.nodes]
    .sort((a, b) => a.round - b.round || a.number - b.number)
    .map((node) => {
      const day = node.number <= 6 ? 0 : node.number <= 12 ? 1 : 2;
      const competitor = (side: 'home' | 'away') => {
        const rosterId = seedOf(node, side);
        return {
          id: `${node.id}-${side}`,
          side,
          roster: rosterId
            ? { id: rosterId, name: null, displayName: `Team ${rosterId.slice(1)}`, ownerId: null }
            : null,
          displayName: rosterId ? `Team ${rosterId.slice(1)}` : 'TBD',
          placement: null,
          result: { score: null, forfeit: false },
        };
      };
      return {
        id: `series-${node.id}`,
        date: new Date(Date.parse(dayStart[day]!) + node.number * 3_600_000).toISOString(),
        createdAt: '2025-10-01T00:00:00Z',
        state: 'scheduled',
        competitors: [competitor('home'), competitor('away')],
        matches: [],
        timeDiffInMinutes: 0,
        bye: false,
        roundNumber: node.round,
        bracket: node.section === 'final' ? null : node.section,
        group: node.section,
        segment: { id: 'segment-cf' },
        event: { id: 'event-wc' },
        matchUp: null,
        war: null,
        finishedAt: null,
      } satisfies MatchSeriesValue;
    });
}
