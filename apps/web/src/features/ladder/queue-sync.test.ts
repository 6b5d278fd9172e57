import { QUEUE_ACCEPTED_RECHECK_MS, QUEUE_RECHECK_MS } from '@cwh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  fetchQueueStatus: vi.fn(),
  fetchFirstMatchUp: vi.fn(),
  fetchMatchUp: vi.fn(),
  leaveQueueOnUnload: vi.fn(),
}));
vi.mock('./ladder-api', () => api);
vi.mock('../../lib/error-reporter', () => ({ reportError: vi.fn(async () => undefined) }));
const fetchMatchSeries = vi.hoisted(() => vi.fn());
vi.mock('../matches/match-series-api', () => ({ fetchMatchSeries }));
const machine = vi.hoisted(() => ({ open: vi.fn(), onBothAccepted: vi.fn(), onDeclined: vi.fn() }));
vi.mock('./match-found-runtime', () => ({
  matchFound: { ...machine, getState: () => ({ phase: 'closed' }) },
}));

import { getQueueState, resetQueue, updateQueue } from './queue-store';
import { recheckQueue, watchQueue } from './queue-sync';
import { onLadderUpdate } from './use-ladder-controller';

const waiting = {
  ok: true,
  record: { id: 'q1', status: 'waiting' },
  joinedAt: 1_000,
  entry: { status: 'waiting', endedAt: null, matchSeriesId: null, rematch: null },
};
const expired = {
  ok: true,
  record: { id: 'q1', status: 'expired' },
  joinedAt: 1_000,
  entry: { status: 'expired', endedAt: 2_000, matchSeriesId: null, rematch: null },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('queue re-reads', () => {
  beforeEach(() => {
    resetQueue();
    updateQueue({ available: true, rosterId: 'r1' });
    api.fetchQueueStatus.mockResolvedValue(waiting);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('keeps the entry: an expired one is none, with how it ended', async () => {
    api.fetchQueueStatus.mockResolvedValueOnce(expired);
    updateQueue({ status: 'inQueue' });
    await recheckQueue('r1', 'u1');
    expect(getQueueState()).toMatchObject({ status: 'none', entry: { status: 'expired', endedAt: 2_000 } });
    expect(api.fetchFirstMatchUp).not.toHaveBeenCalled();
  });

  it('drops an answer read before this tab changed the queue (a leave meanwhile)', async () => {
    const answer = deferred<typeof waiting>();
    api.fetchQueueStatus.mockReturnValueOnce(answer.promise);
    updateQueue({ status: 'inQueue' });
    const check = recheckQueue('r1', 'u1');
    updateQueue({ status: 'none' });
    answer.resolve(waiting);
    await check;
    expect(getQueueState().status).toBe('none');
  });

  it('an accepted entry reads its match: the bar shows the match, not Find Match', async () => {
    api.fetchQueueStatus.mockResolvedValueOnce({
      ...waiting,
      record: { id: 'q1', status: 'accepted' },
      entry: { ...waiting.entry, status: 'accepted', matchSeriesId: 's1' },
    });
    fetchMatchSeries.mockResolvedValueOnce({
      id: 's1',
      state: 'live',
      date: '2026-03-01T12:02:00Z',
      war: null,
      competitors: [
        { roster: { id: 'r1' }, displayName: 'Atlanta Titans' },
        { roster: { id: 'r2' }, displayName: 'Nordic Raiders' },
      ],
    });
    await recheckQueue('r1', 'u1');
    await vi.waitFor(() => expect(getQueueState().match).not.toBeNull());
    expect(getQueueState()).toMatchObject({
      status: 'accepted',
      match: { id: 's1', opponent: 'Nordic Raiders', state: 'live' },
    });
  });

  it('re-reads every few seconds while waiting, slower during an accepted match, not at all when idle', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async () => undefined);
    updateQueue({ status: 'inQueue' });
    const stop = watchQueue('r1', () => 'u1', check);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(QUEUE_RECHECK_MS);
    expect(check).toHaveBeenCalledTimes(2);
    expect(check).toHaveBeenLastCalledWith('r1', 'u1', undefined, true);

    updateQueue({ status: 'accepted' });
    await vi.advanceTimersByTimeAsync(QUEUE_ACCEPTED_RECHECK_MS - QUEUE_RECHECK_MS);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(QUEUE_RECHECK_MS);
    expect(check).toHaveBeenCalledTimes(3);

    updateQueue({ status: 'none' });
    await vi.advanceTimersByTimeAsync(QUEUE_ACCEPTED_RECHECK_MS * 2);
    expect(check).toHaveBeenCalledTimes(3);
    // Back on the tab: read now, whatever the status.
    window.dispatchEvent(new Event('focus'));
    expect(check).toHaveBeenCalledTimes(4);
    expect(check).toHaveBeenLastCalledWith('r1', 'u1', undefined, false);
    stop();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(QUEUE_ACCEPTED_RECHECK_MS);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('once this tab ended the entry (the dialog declined it), the entry is read again to tell how it ended', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async () => undefined);
    updateQueue({ status: 'inQueue', entry: waiting.entry });
    const stop = watchQueue('r1', () => 'u1', check);
    updateQueue({ status: 'none' });
    await vi.advanceTimersByTimeAsync(QUEUE_RECHECK_MS);
    expect(check).toHaveBeenCalledTimes(2);
    // Read: the entry agrees with the status, nothing more is read.
    updateQueue({ entry: expired.entry });
    await vi.advanceTimersByTimeAsync(QUEUE_RECHECK_MS * 3);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a periodic check that fails changes nothing (a blip does not drop a waiting team to Find Match)', async () => {
    updateQueue({ status: 'inQueue' });
    api.fetchQueueStatus.mockResolvedValueOnce({ ok: false });
    await recheckQueue('r1', 'u1', undefined, true);
    expect(getQueueState().status).toBe('inQueue');
  });

  it('the chat saying the war started makes the pages and the queue bar read again', async () => {
    const revalidate = vi.fn();
    const notice = (type: string) => ({
      event: 'matches:chat_message' as const,
      data: {
        matchSeries: { id: 's1' },
        message: {
          id: 'm1',
          type: 'chat-messages' as const,
          attributes: {
            matchSeriesId: 's1',
            kind: 'system' as const,
            body: null,
            notice: { type, params: {} },
            author: null,
            deleted: false,
            createdAt: '2026-03-01T12:00:00Z',
          },
        },
      },
    });
    onLadderUpdate('u1', notice('check_in') as never, revalidate);
    expect(revalidate).not.toHaveBeenCalled();
    onLadderUpdate('u1', notice('war_started') as never, revalidate);
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(api.fetchQueueStatus).toHaveBeenCalledWith('r1');
  });
});
