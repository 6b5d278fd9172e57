import { CHECKIN_UPCOMING_MATCH_POLL_MS, ROSTER_RELOAD_POLL_MS } from '@cwh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { inCheckInWindow, startCheckInPoll, startRosterReload } from './checkin-polls';

vi.mock('../../lib/error-reporter', () => ({ reportError: vi.fn() }));

const NOW = Date.parse('2026-03-01T12:00:00Z');
const side = (id: string | null) => ({
  id: `c-${id}`,
  side: 'home' as const,
  roster: id ? { id, name: id, displayName: id, ownerId: null } : null,
  displayName: id ?? 'TBD',
  placement: null,
  result: { score: null, forfeit: false },
});
const series = (id: string, date: string, rosters: (string | null)[] = ['r1', 'r2']) =>
  ({
    id,
    date,
    state: 'scheduled',
    competitors: rosters.map(side),
    matches: [],
    segment: { id: 'mq' },
  }) as unknown as MatchSeriesValue;

describe('check-in window of a series (spec 9)', () => {
  it('opens 5 minutes before the match, closes at its time, and needs an opponent with a roster', () => {
    expect(inCheckInWindow(series('m', '2026-03-01T12:05:00Z'), NOW)).toBe(true);
    expect(inCheckInWindow(series('m', '2026-03-01T12:05:01Z'), NOW)).toBe(false);
    expect(inCheckInWindow(series('m', '2026-03-01T12:00:00Z'), NOW)).toBe(true);
    expect(inCheckInWindow(series('m', '2026-03-01T11:59:59Z'), NOW)).toBe(false);
    expect(inCheckInWindow(series('m', '2026-03-01T12:03:00Z', ['r1', null]), NOW)).toBe(false);
    expect(inCheckInWindow(series('m', '2026-03-01T12:03:00Z', ['r1']), NOW)).toBe(false);
  });
});

describe('upcoming-match poll of the roster owner (every 10 s)', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('polls page[size]=1 every 10 s, shows the prompt inside the window, and stopping hides it', async () => {
    const fetchNext = vi
      .fn()
      .mockResolvedValueOnce(series('m1', '2026-03-01T12:08:00Z'))
      .mockResolvedValue(series('m1', '2026-03-01T12:08:00Z'));
    const show = vi.fn();
    const segmentOf = vi.fn(async () => 'MQ');
    const target = { userId: 'u', eventId: 'e', rosterId: 'r1' };
    const stop = startCheckInPoll(target, {
      fetchNext,
      segmentOf,
      show,
      report: vi.fn(),
      now: () => Date.now(),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNext).toHaveBeenCalledWith(target);
    // 8 minutes ahead: outside the window, no prompt yet.
    expect(show).toHaveBeenLastCalledWith(null, null);
    await vi.advanceTimersByTimeAsync(CHECKIN_UPCOMING_MATCH_POLL_MS - 1);
    expect(fetchNext).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNext).toHaveBeenCalledTimes(2);
    // Three minutes later the match is 5 minutes away: the prompt shows.
    await vi.advanceTimersByTimeAsync(3 * 60_000 - CHECKIN_UPCOMING_MATCH_POLL_MS);
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'm1' }), 'MQ');
    const calls = fetchNext.mock.calls.length;
    expect(calls).toBe(1 + (3 * 60_000) / CHECKIN_UPCOMING_MATCH_POLL_MS);
    stop();
    expect(show).toHaveBeenLastCalledWith(null, null);
    await vi.advanceTimersByTimeAsync(CHECKIN_UPCOMING_MATCH_POLL_MS * 5);
    expect(fetchNext).toHaveBeenCalledTimes(calls);
  });

  it('a ladder series (no stage segment) shows no prompt; a failed poll is reported and the next one runs', async () => {
    const fetchNext = vi
      .fn()
      .mockResolvedValueOnce(series('m1', '2026-03-01T12:02:00Z'))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(null);
    const show = vi.fn();
    const report = vi.fn();
    const stop = startCheckInPoll(
      { userId: 'u', eventId: null, rosterId: 'r1' },
      { fetchNext, segmentOf: async () => null, show, report, now: () => Date.now() },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(show).toHaveBeenLastCalledWith(null, null);
    await vi.advanceTimersByTimeAsync(CHECKIN_UPCOMING_MATCH_POLL_MS);
    expect(report).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CHECKIN_UPCOMING_MATCH_POLL_MS);
    expect(fetchNext).toHaveBeenCalledTimes(3);
    stop();
  });
});

describe('roster reload after a segment check-in (every 2 s)', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('reloads every 2 s until checkedIn is true, then stops', async () => {
    const fetchCheckedIn = vi
      .fn()
      .mockResolvedValueOnce(false)
      .mockRejectedValueOnce(new Error('blip'))
      .mockResolvedValueOnce(true);
    const onCheckedIn = vi.fn();
    const report = vi.fn();
    startRosterReload('r1', { fetchCheckedIn, onCheckedIn, report });
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS - 1);
    expect(fetchCheckedIn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCheckedIn).toHaveBeenCalledWith('r1');
    expect(onCheckedIn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS);
    expect(report).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS);
    expect(fetchCheckedIn).toHaveBeenCalledTimes(3);
    expect(onCheckedIn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS * 5);
    expect(fetchCheckedIn).toHaveBeenCalledTimes(3);
  });

  it('stopping (leaving the team) ends the reloads', async () => {
    const fetchCheckedIn = vi.fn().mockResolvedValue(false);
    const stop = startRosterReload('r1', { fetchCheckedIn, onCheckedIn: vi.fn(), report: vi.fn() });
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS * 2);
    expect(fetchCheckedIn).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS * 5);
    expect(fetchCheckedIn).toHaveBeenCalledTimes(2);
  });
});
