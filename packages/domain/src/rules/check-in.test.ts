import { describe, expect, it } from 'vitest';
import type { MatchSeriesState } from '../entities/match-series.js';
import { matchCheckInAvailable, matchCheckInRefusal } from './check-in.js';

describe('matchCheckInAvailable', () => {
  const start = Date.parse('2025-10-31T14:00:00Z');
  const series = (state: MatchSeriesState, competitors = 2) => ({
    state,
    date: new Date(start).toISOString(),
    competitors: Array.from({ length: competitors }, (_, i) => ({
      rosterId: `r${i}`,
      placement: null,
      result: { score: null, forfeit: false },
    })),
  });
  it.each<[string, ReturnType<typeof series> | null, number, boolean]>([
    ['5 min before', series('scheduled'), -5 * 60_000, true],
    ['1 min before', series('new'), -60_000, true],
    ['at start', series('live'), 0, true],
    ['just too early', series('scheduled'), -5 * 60_000 - 1, false],
    ['after start', series('scheduled'), 1, false],
    ['finished', series('finished'), -60_000, false],
    ['one competitor', series('scheduled', 1), -60_000, false],
    ['no series', null, 0, false],
  ])('%s → %s', (_, value, offset, expected) => {
    expect(matchCheckInAvailable(value, start + offset)).toBe(expected);
  });
});

describe('matchCheckInRefusal', () => {
  const series = { date: '2025-10-31T14:00:00Z' };
  it.each([
    ['before, not checked in', '2025-10-31T13:58:00Z', [], null],
    ['before, already checked in', '2025-10-31T13:58:00Z', [{ userId: 'u1' }], { kind: 'alreadyCheckedIn' }],
    ['someone else checked in', '2025-10-31T13:58:00Z', [{ userId: 'u2' }], null],
    [
      'passed match time',
      '2025-10-31T14:00:01Z',
      [{ userId: 'u1' }],
      { kind: 'passedMatchTime', message: "No checkin done as it's passed match time" },
    ],
  ])('%s', (_, now, checkIns, expected) => {
    expect(matchCheckInRefusal(series, now, { userId: 'u1', checkIns })).toEqual(expected);
  });
});
