import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  // A queue status read that a test did not set answers "not queued" (a re-read a test started can
  // finish after it, in whatever test CI's shuffled order runs next).
  fetchQueueStatus: vi.fn(async (): Promise<unknown> => ({ ok: true, record: null, joinedAt: null })),
  fetchFirstMatchUp: vi.fn(),
  fetchMatchUp: vi.fn(),
  leaveQueueOnUnload: vi.fn(),
  joinQueue: vi.fn(),
}));
vi.mock('./ladder-api', () => ({ ...api, leaveQueue: vi.fn() }));
vi.mock('../../lib/error-reporter', () => ({ reportError: vi.fn(async () => undefined) }));
const open = vi.hoisted(() => vi.fn());
vi.mock('./match-found-runtime', () => ({ matchFound: { open, getState: () => ({ phase: 'closed' }) } }));

import { findMatch } from './queue-actions';
import { getQueueState, resetQueue, updateQueue } from './queue-store';
import { onMatchUpFound, onRealtimeReconnected, recheckQueue } from './use-ladder-controller';

const NOW = new Date('2026-03-01T12:00:10Z');
const matchUp = (expiresAt: string) => ({
  id: 'mu1',
  status: 'awaiting_confirmation',
  createdAt: '2026-03-01T12:00:00Z',
  expiresAt,
});

describe('queue re-check (spec 4 pending match-up rule)', () => {
  beforeEach(() => {
    resetQueue();
    open.mockReset();
    api.fetchQueueStatus.mockResolvedValue({
      ok: true,
      record: { id: 'q1', status: 'matched' },
      joinedAt: null,
    });
  });
  afterEach(() => vi.clearAllMocks());

  it('opens the modal with at least 2 s of the window left', async () => {
    api.fetchFirstMatchUp.mockResolvedValue(matchUp('2026-03-01T12:00:12Z'));
    await recheckQueue('r1', 'u1', () => NOW);
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ id: 'mu1' }));
    expect(getQueueState().status).toBe('inQueue');
  });

  it('resets the queue status to none with less than 2 s left', async () => {
    api.fetchFirstMatchUp.mockResolvedValue(matchUp('2026-03-01T12:00:11.9Z'));
    await recheckQueue('r1', 'u1', () => NOW);
    expect(open).not.toHaveBeenCalled();
    expect(getQueueState().status).toBe('none');
  });

  it('derives the status: accepted stays accepted, cancelled is none, a failed lookup is none', async () => {
    api.fetchFirstMatchUp.mockResolvedValue(null);
    api.fetchQueueStatus.mockResolvedValueOnce({ ok: true, record: { id: 'q', status: 'accepted' } });
    await recheckQueue('r1', 'u1', () => NOW);
    expect(getQueueState().status).toBe('accepted');
    api.fetchQueueStatus.mockResolvedValueOnce({ ok: true, record: { id: 'q', status: 'cancelled' } });
    await recheckQueue('r1', 'u1', () => NOW);
    expect(getQueueState().status).toBe('none');
    api.fetchQueueStatus.mockResolvedValueOnce({ ok: false, notFound: true });
    await recheckQueue('r1', 'u1', () => NOW);
    expect(getQueueState().status).toBe('none');
  });
});

describe('match_up_found notice', () => {
  beforeEach(() => {
    resetQueue();
    open.mockReset();
  });
  afterEach(() => vi.clearAllMocks());

  it('is ignored when this tab is neither queued nor joining', async () => {
    await onMatchUpFound('u1', 'mu1');
    expect(api.fetchMatchUp).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the modal with the server deadline when queued', async () => {
    updateQueue({ status: 'inQueue', rosterId: 'r1' });
    const pending = matchUp('2026-03-01T12:00:15Z');
    api.fetchMatchUp.mockResolvedValue(pending);
    await onMatchUpFound('u1', 'mu1');
    expect(api.fetchMatchUp).toHaveBeenCalledWith('u1', 'mu1');
    expect(open).toHaveBeenCalledWith(pending);
  });

  it('opens with the id alone when the lookup fails', async () => {
    updateQueue({ status: 'inQueue', rosterId: 'r1' });
    api.fetchMatchUp.mockRejectedValue(new Error('offline'));
    await onMatchUpFound('u1', 'mu1');
    expect(open).toHaveBeenCalledWith({ id: 'mu1' });
  });

  it("is taken when it arrives before the response of this tab's own join (newcomer matching)", async () => {
    updateQueue({ rosterId: 'r1', available: true });
    // The server's status after the join: the entry is queued, matched to the notice's match-up.
    api.fetchQueueStatus.mockResolvedValue({
      ok: true,
      record: { id: 'q1', status: 'matched' },
      joinedAt: null,
    });
    let answerJoin: () => void = () => undefined;
    api.joinQueue.mockReturnValue(new Promise<void>((resolve) => (answerJoin = resolve)));
    const pending = matchUp('2026-03-01T12:00:15Z');
    api.fetchMatchUp.mockResolvedValue(pending);
    const joined = findMatch(['#A'], () => undefined);
    expect(getQueueState().status).toBe('none');
    await onMatchUpFound('u1', 'mu1');
    expect(open).toHaveBeenCalledWith(pending);
    answerJoin();
    expect(await joined).toBe(true);
    expect(getQueueState()).toMatchObject({ status: 'inQueue', joining: false, busy: false });
  });
});

describe('after the socket reconnects (notices sent meanwhile are lost)', () => {
  beforeEach(() => {
    resetQueue();
    open.mockReset();
  });
  afterEach(() => vi.clearAllMocks());

  it('re-reads the queue status and opens the accept window that opened meanwhile', async () => {
    updateQueue({ rosterId: 'r1', available: true });
    api.fetchQueueStatus.mockResolvedValue({
      ok: true,
      record: { id: 'q1', status: 'matched' },
      joinedAt: null,
    });
    // 2 s of the window left at NOW: the modal opens (spec 4's pending match-up rule).
    const pending = matchUp('2026-03-01T12:00:12Z');
    api.fetchFirstMatchUp.mockResolvedValue(pending);
    const revalidate = vi.fn();
    onRealtimeReconnected('u1', revalidate, () => NOW);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(expect.objectContaining({ id: 'mu1' })));
    expect(api.fetchQueueStatus).toHaveBeenCalledWith('r1');
    expect(api.fetchFirstMatchUp).toHaveBeenCalledWith('u1');
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('without a team in the queue panel, only the page is read again', async () => {
    const revalidate = vi.fn();
    onRealtimeReconnected('u1', revalidate);
    expect(api.fetchQueueStatus).not.toHaveBeenCalled();
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});
