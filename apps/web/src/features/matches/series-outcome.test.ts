import { describe, expect, it } from 'vitest';
import { resultReason } from '../../lib/war-result';
import type { MatchSeriesValue } from './match-series-api';
import { seriesOutcome, shownState, stateBadge } from './series-outcome';

type Side = { placement: number | null; score: number | null; destruction?: number; forfeit?: boolean };

function series(state: string, home: Side, away: Side): MatchSeriesValue {
  const competitor = (id: string, side: Side) => ({
    id,
    roster: null,
    displayName: id,
    placement: side.placement,
    result: {
      score: side.score,
      forfeit: side.forfeit ?? false,
      ...(side.destruction != null ? { destruction: side.destruction } : {}),
    },
  });
  return {
    id: 's1',
    state,
    date: '2026-03-01T12:00:00Z',
    competitors: [competitor('h', home), competitor('a', away)],
    matches: [],
  } as unknown as MatchSeriesValue;
}

describe('series outcome', () => {
  it('12 : 12 won on destruction: one winner, destruction per side, the reason', () => {
    const outcome = seriesOutcome(
      series(
        'finished',
        { placement: 1, score: 12, destruction: 81.5 },
        { placement: 2, score: 12, destruction: 80 },
      ),
    );
    expect(outcome).toMatchObject({
      winner: 'home',
      stars: { home: 12, away: 12 },
      destruction: { home: 81.5, away: 80 },
    });
    expect(resultReason(outcome)).toBe('destruction');
  });

  it('a true draw (both placed first) is a draw: neither side is the winner', () => {
    const outcome = seriesOutcome(
      series(
        'finished',
        { placement: 1, score: 12, destruction: 80 },
        { placement: 1, score: 12, destruction: 80 },
      ),
    );
    expect(outcome.winner).toBe('draw');
    expect(resultReason(outcome)).toBe('draw');
  });

  it('no winner before the end; a forfeit gives no tiebreak reason', () => {
    expect(
      seriesOutcome(series('live', { placement: null, score: null }, { placement: null, score: null }))
        .winner,
    ).toBeNull();
    const forfeit = seriesOutcome(
      series('finished', { placement: 1, score: 0 }, { placement: 2, score: 0, forfeit: true }),
    );
    expect(forfeit).toMatchObject({ winner: 'home', forfeit: true, destruction: null });
    expect(resultReason(forfeit)).toBeNull();
  });
});

describe('the state a player is shown (spec 4: upcoming until the start, live once started)', () => {
  const start = Date.parse('2026-03-01T12:00:00Z');
  const war = { id: 'w1', link: '/simulator/war/w1' };
  it.each([
    ['live during the lead time, no war yet', 'live', start - 1, null, 'upcoming', 'upcoming'],
    // The chat said "the war has started": the page says live too.
    ['live during the lead time, its war started', 'live', start - 1, war, 'live', 'live'],
    ['live at its start', 'live', start, null, 'live', 'live'],
    ['live after its start', 'live', start + 60_000, null, 'live', 'live'],
    ['scheduled', 'scheduled', start + 60_000, null, 'scheduled', 'upcoming'],
    ['finished', 'finished', start - 1, war, 'finished', 'finished'],
  ] as const)('%s', (_, state, now, war, shown, badge) => {
    const series = { state, date: '2026-03-01T12:00:00Z', war };
    expect(shownState(series, now)).toBe(shown);
    expect(stateBadge(shownState(series, now))).toBe(badge);
  });
});
