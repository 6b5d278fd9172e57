import { describe, expect, it } from 'vitest';
import type { MatchSeriesState } from '../entities/match-series.js';
import {
  matchCheckInAvailable,
  matchCheckInRefusal,
  type SegmentCheckInContext,
  segmentCheckInRefusal,
} from './check-in.js';

const window = { from: '2025-10-01T00:00:00Z', to: '2025-10-02T00:00:00Z' };
const base: SegmentCheckInContext = {
  roster: { ownerId: 'u1', checkedIn: false, segment: { id: 'mq', parentId: 'champ' } },
  segment: { segmentCheckinsConfig: { enabled: true, openWindow: window } },
  activeSegmentId: 'mq',
  userId: 'u1',
};
const INSIDE = '2025-10-01T12:00:00Z';

describe('segmentCheckInRefusal', () => {
  it.each<[string, Partial<SegmentCheckInContext>, string, string | null]>([
    ['all fine', {}, INSIDE, null],
    ['active segment is the parent', { activeSegmentId: 'champ' }, INSIDE, null],
    ['no roster', { roster: null }, INSIDE, 'missingData'],
    ['no segment', { segment: undefined }, INSIDE, 'missingData'],
    ['no user', { userId: null }, INSIDE, 'missingData'],
    ['no active segment', { activeSegmentId: '' }, INSIDE, 'missingData'],
    ['already in', { roster: { ...base.roster!, checkedIn: true } }, INSIDE, 'alreadyCheckedIn'],
    ['other segment', { activeSegmentId: 'mf' }, INSIDE, 'notActiveSegment'],
    ['not the owner', { userId: 'u2' }, INSIDE, 'notOwner'],
    ['before the window', {}, '2025-09-30T23:59:59Z', 'outsideWindow'],
    ['after the window', {}, '2025-10-02T00:00:01Z', 'outsideWindow'],
    [
      'window disabled',
      { segment: { segmentCheckinsConfig: { enabled: false, openWindow: window } } },
      '2026-01-01',
      null,
    ],
    [
      'enabled without window',
      { segment: { segmentCheckinsConfig: { enabled: true, openWindow: null } } },
      INSIDE,
      'outsideWindow',
    ],
  ])('%s → %s', (_, override, now, expected) => {
    expect(segmentCheckInRefusal({ ...base, ...override }, now)).toBe(expected);
  });
});

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
