import { LADDER_NEXT_MATCH_POLL_MS, START_WAR_POLL_MS } from '@cwh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { MatchSeriesValue } from './match-series-api';
import { startNextMatchPoll, startOpenSeriesPoll } from './start-war-polls';
import { getStartWar, resetStartWar, showStartWar } from './start-war-store';

vi.mock('../../lib/error-reporter', () => ({ reportError: vi.fn() }));

const NOW = Date.parse('2026-03-01T12:00:00Z');
const series = (id: string, date: string, state: MatchSeriesValue['state'] = 'upcoming') =>
  ({ id, date, state, competitors: [], matches: [] }) as unknown as MatchSeriesValue;

describe('start-war modal polls', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    resetStartWar();
  });
  afterEach(() => vi.useRealTimers());

  it('the owner polls the next match every 60 s: shows it when in the future, hides it otherwise', async () => {
    const fetchNext = vi
      .fn()
      .mockResolvedValueOnce(series('m1', '2026-03-01T12:30:00Z'))
      .mockResolvedValueOnce(series('m1', '2026-03-01T11:59:00Z'));
    const stop = startNextMatchPoll(
      { userId: 'u', eventId: 'e', rosterId: 'r' },
      { fetchNext, now: () => Date.now() },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNext).toHaveBeenCalledWith({ userId: 'u', eventId: 'e', rosterId: 'r' });
    expect(getStartWar().series?.id).toBe('m1');
    await vi.advanceTimersByTimeAsync(LADDER_NEXT_MATCH_POLL_MS - 1);
    expect(fetchNext).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNext).toHaveBeenCalledTimes(2);
    expect(getStartWar().series).toBeNull();
    stop();
    await vi.advanceTimersByTimeAsync(LADDER_NEXT_MATCH_POLL_MS * 3);
    expect(fetchNext).toHaveBeenCalledTimes(2);
  });

  it('hides it once the war of the next match is created, although its start time is still ahead', async () => {
    const withWar = { ...series('m1', '2026-03-01T12:30:00Z'), war: { id: 'w1', link: '/simulator/war/w1' } };
    const fetchNext = vi
      .fn()
      .mockResolvedValueOnce(series('m1', '2026-03-01T12:30:00Z'))
      .mockResolvedValueOnce(withWar);
    const stop = startNextMatchPoll(
      { userId: 'u', eventId: 'e', rosterId: 'r' },
      { fetchNext, now: () => Date.now() },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(getStartWar().series?.id).toBe('m1');
    await vi.advanceTimersByTimeAsync(LADDER_NEXT_MATCH_POLL_MS);
    expect(fetchNext).toHaveBeenCalledTimes(2);
    expect(getStartWar().series).toBeNull();
    stop();
  });

  it('stopping the poll (leaving the team) hides the modal', async () => {
    const fetchNext = vi.fn().mockResolvedValue(series('m1', '2026-03-01T12:30:00Z'));
    const stop = startNextMatchPoll({ userId: 'u', eventId: null, rosterId: 'r' }, { fetchNext });
    await vi.advanceTimersByTimeAsync(0);
    expect(getStartWar().series).not.toBeNull();
    stop();
    expect(getStartWar().series).toBeNull();
  });

  it('the open modal is polled every 10 s and closes once the match is no longer upcoming', async () => {
    showStartWar(series('m1', '2026-03-01T12:30:00Z'));
    const fetchOne = vi
      .fn()
      .mockResolvedValueOnce(series('m1', '2026-03-01T12:30:00Z', 'scheduled'))
      .mockResolvedValueOnce(series('m1', '2026-03-01T12:30:00Z', 'finished'));
    const stop = startOpenSeriesPoll('m1', fetchOne);
    await vi.advanceTimersByTimeAsync(START_WAR_POLL_MS);
    expect(fetchOne).toHaveBeenCalledTimes(1);
    expect(getStartWar().series?.state).toBe('scheduled');
    await vi.advanceTimersByTimeAsync(START_WAR_POLL_MS);
    expect(getStartWar().series).toBeNull();
    stop();
  });

  it('closes on a 404', async () => {
    showStartWar(series('m1', '2026-03-01T12:30:00Z'));
    const fetchOne = vi.fn().mockRejectedValue(new ApiError(404, 'GET', '/match-series/m1', [], null));
    const stop = startOpenSeriesPoll('m1', fetchOne);
    await vi.advanceTimersByTimeAsync(START_WAR_POLL_MS);
    expect(getStartWar().series).toBeNull();
    stop();
  });
});
