import { describe, expect, it } from 'vitest';
import type { Competitor } from '../entities/match-series.js';
import { competitorResultLabel, homeAndAway, isUpcomingState } from './match-series.js';

describe('isUpcomingState', () => {
  it.each([
    ['new', true],
    ['live', true],
    ['scheduled', true],
    ['upcoming', true],
    ['finished', false],
    ['other', false],
  ])('%s → %s', (state, expected) => expect(isUpcomingState(state)).toBe(expected));
});

describe('competitorResultLabel', () => {
  const c = (placement: number | null, score: number | null, forfeit = false): Competitor => ({
    rosterId: 'r',
    placement,
    result: { score, forfeit },
  });
  it.each<[string, Competitor, Competitor | null, string]>([
    ['score', c(1, 14), null, '14'],
    ['zero score', c(2, 0), null, '0'],
    ['no result yet', c(null, null), null, '-'],
    ['forfeit flag, winner', c(1, null, true), null, 'FFW'],
    ['forfeit flag, loser', c(2, null, true), null, 'FFL'],
    ['opponent forfeited', c(null, null), c(null, null, true), 'FFW'],
  ])('%s → %s', (_, competitor, opponent, expected) => {
    expect(competitorResultLabel(competitor, opponent)).toBe(expected);
  });
});

describe('homeAndAway', () => {
  it.each([
    [[], null, null],
    [[{ rosterId: 'a' }], 'a', null],
    [[{ rosterId: 'a' }, { rosterId: null }], 'a', null],
    [[{ rosterId: 'a' }, { rosterId: 'b' }], 'a', 'b'],
  ])('%j', (competitors, home, away) => {
    const sides = homeAndAway({ competitors });
    expect(sides.home?.rosterId ?? null).toBe(home);
    expect(sides.away?.rosterId ?? null).toBe(away);
  });
});
