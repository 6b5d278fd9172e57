import type { MatchSeriesValue } from '../matches/match-series-api';

type Side = {
  id: string;
  name: string;
  placement?: 1 | 2 | null;
  score?: number | null;
  forfeit?: boolean;
} | null;

/** A stage series as GET /bracket/{id}/match-series gives it (tests only). */
export function stageSeries(
  id: string,
  fields: Partial<MatchSeriesValue> & { home?: Side; away?: Side } = {},
): MatchSeriesValue {
  const { home = null, away = null, ...rest } = fields;
  const competitor = (side: Side, position: 0 | 1) => ({
    id: `${id}-${position}`,
    side: position === 0 ? ('home' as const) : ('away' as const),
    roster: side ? { id: side.id, name: side.name, displayName: side.name, ownerId: null } : null,
    displayName: side?.name ?? 'TBD',
    placement: side?.placement ?? null,
    result: { score: side?.score ?? null, forfeit: side?.forfeit ?? false },
  });
  return {
    id,
    date: '2026-12-01T18:00:00Z',
    createdAt: '2026-11-01T18:00:00Z',
    state: 'scheduled',
    competitors: [competitor(home, 0), competitor(away, 1)],
    matches: [],
    timeDiffInMinutes: 0,
    bye: false,
    roundNumber: 1,
    bracket: null,
    group: null,
    segment: { id: 'segment' },
    event: { id: 'event' },
    matchUp: null,
    war: null,
    finishedAt: null,
    ...rest,
  };
}

export const team = (n: number, result: { placement?: 1 | 2; score?: number; forfeit?: boolean } = {}) => ({
  id: `r${n}`,
  name: `Team ${n}`,
  ...result,
});

/**
 * A 4-team double-elimination bracket after the upper final: U1 (2 matches), U2, L1, L2, GF1 and
 * the reset GF2; `grandFinal` sets who took GF1 (undefined: not played).
 */
export function fourTeamBracket(
  grandFinal?: 'home' | 'away',
  reset?: 'played' | 'cancelled',
): MatchSeriesValue[] {
  const done = (
    id: string,
    group: 'upper' | 'lower' | 'final',
    round: number,
    a: number,
    b: number,
    winner: 'home' | 'away' = 'home',
  ) =>
    stageSeries(id, {
      group,
      bracket: group === 'final' ? null : group,
      roundNumber: round,
      state: 'finished',
      home: team(a, { placement: winner === 'home' ? 1 : 2, score: winner === 'home' ? 9 : 4 }),
      away: team(b, { placement: winner === 'away' ? 1 : 2, score: winner === 'away' ? 9 : 4 }),
    });
  const gf1 = grandFinal
    ? done('GF1', 'final', 1, 1, 3, grandFinal)
    : stageSeries('GF1', { group: 'final', roundNumber: 1, home: team(1), away: team(3) });
  const gf2 =
    reset === 'played'
      ? done('GF2', 'final', 2, 1, 3, 'home')
      : reset === 'cancelled'
        ? stageSeries('GF2', {
            group: 'final',
            roundNumber: 2,
            state: 'finished',
            home: team(1),
            away: team(3),
          })
        : stageSeries('GF2', {
            group: 'final',
            roundNumber: 2,
            ...(grandFinal === 'away' ? { home: team(1), away: team(3) } : {}),
          });
  return [
    done('U1-1', 'upper', 1, 1, 4),
    done('U1-2', 'upper', 1, 2, 3, 'away'),
    done('L1-1', 'lower', 1, 4, 2, 'away'),
    gf1,
    gf2,
    done('U2-1', 'upper', 2, 1, 3),
    done('L2-1', 'lower', 2, 3, 2),
  ];
}
