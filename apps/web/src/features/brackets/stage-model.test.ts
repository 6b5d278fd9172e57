import { describe, expect, it } from 'vitest';
import { fourTeamBracket, stageSeries, team } from './stage-fixtures.test-support';
import {
  compareRecords,
  doubleEliminationView,
  joinsPairs,
  openRoundIndex,
  resetShown,
  stepRound,
  swissRoundNumbers,
  swissRoundView,
} from './stage-model';

describe('swiss pools', () => {
  const round2 = [
    stageSeries('a', { roundNumber: 2, group: '0-1', home: team(5), away: team(6) }),
    stageSeries('b', { roundNumber: 2, group: '1-0', home: team(1), away: team(2) }),
    stageSeries('c', { roundNumber: 2, group: '1-0', home: team(3), away: team(4) }),
    stageSeries('d', { roundNumber: 2, bye: true, state: 'finished', home: team(7, { placement: 1 }) }),
    stageSeries('e', { roundNumber: 1, group: '0-0', home: team(1), away: team(8) }),
  ];

  it('groups a round by win-loss pool, best pool first, and keeps byes apart', () => {
    const view = swissRoundView(round2, 2);
    expect(view.pools.map((p) => [p.record, p.series.map((s) => s.id)])).toEqual([
      ['1-0', ['b', 'c']],
      ['0-1', ['a']],
    ]);
    expect(view.byes.map((s) => s.id)).toEqual(['d']);
    expect(swissRoundView(round2, 1).pools.map((p) => p.record)).toEqual(['0-0']);
  });

  it('orders pools by match points, then fewer losses (a draw counts 1)', () => {
    const pools = ['0-2', '2-0', '1-1', '1-0-1', '0-1-1'].sort(compareRecords);
    expect(pools).toEqual(['2-0', '1-0-1', '1-1', '0-1-1', '0-2']);
  });

  it('lists the rounds present, ascending', () => {
    expect(swissRoundNumbers(round2)).toEqual([1, 2]);
    expect(swissRoundNumbers([])).toEqual([]);
  });
});

describe('grand-final reset', () => {
  it('is hidden while the first final is not played', () => {
    const view = doubleEliminationView(fourTeamBracket());
    expect(view.resetShown).toBe(false);
    expect(view.final.map((r) => r.round)).toEqual([1]);
  });

  it('is hidden when the upper-bracket team won the first final (reset cancelled)', () => {
    expect(doubleEliminationView(fourTeamBracket('home', 'cancelled')).resetShown).toBe(false);
    expect(doubleEliminationView(fourTeamBracket('home')).resetShown).toBe(false);
  });

  it('is shown when the lower-bracket team took the first final, and once it has a result', () => {
    const waiting = doubleEliminationView(fourTeamBracket('away'));
    expect(waiting.resetShown).toBe(true);
    expect(waiting.final.map((r) => r.series[0]!.id)).toEqual(['GF1', 'GF2']);
    expect(doubleEliminationView(fourTeamBracket('away', 'played')).resetShown).toBe(true);
  });

  it('is not shown without a reset series', () => {
    expect(resetShown(null, null)).toBe(false);
  });
});

describe('bracket rounds', () => {
  it('splits the series into upper, lower and final rounds in order', () => {
    const view = doubleEliminationView(fourTeamBracket());
    expect(view.upper.map((r) => [r.round, r.series.map((s) => s.id)])).toEqual([
      [1, ['U1-1', 'U1-2']],
      [2, ['U2-1']],
    ]);
    expect(view.lower.map((r) => [r.round, r.series.map((s) => s.id)])).toEqual([
      [1, ['L1-1']],
      [2, ['L2-1']],
    ]);
    expect(joinsPairs(view.upper, 0)).toBe(true);
    expect(joinsPairs(view.lower, 0)).toBe(false);
    expect(joinsPairs(view.upper, 1)).toBe(false);
  });

  it('round-per-screen navigation stays inside the rounds', () => {
    expect(stepRound(0, -1, 3)).toBe(0);
    expect(stepRound(0, 1, 3)).toBe(1);
    expect(stepRound(2, 1, 3)).toBe(2);
    expect(stepRound(5, 0, 3)).toBe(2);
    expect(stepRound(0, 1, 0)).toBe(0);
  });

  it('a phone opens on the first round with a match to play, else the last round', () => {
    const view = doubleEliminationView(fourTeamBracket());
    expect(openRoundIndex(view.upper)).toBe(1);
    const open = doubleEliminationView([
      stageSeries('x', { group: 'upper', bracket: 'upper', roundNumber: 1, state: 'finished' }),
      stageSeries('y', { group: 'upper', bracket: 'upper', roundNumber: 2 }),
    ]);
    expect(openRoundIndex(open.upper)).toBe(1);
    expect(openRoundIndex([])).toBe(0);
  });
});
