import { ROSTER_RELOAD_POLL_MS } from '@cwh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { getSession, resetSession } from '../session/session-store';
import { getCheckIns, resetCheckIns, updateCheckIns } from './checkin-store';
import { closeSegmentCheckIn, stopSegmentCheckIn, submitSegmentCheckIn } from './segment-checkin-flow';

vi.mock('../../lib/error-reporter', () => ({ reportError: vi.fn() }));

describe('Tournament Check In (segment check-in)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T12:00:00Z') });
    resetCheckIns();
    resetSession();
    updateCheckIns({ segmentModalOpen: true, checkedIn: false });
  });
  afterEach(() => {
    stopSegmentCheckIn();
    vi.useRealTimers();
  });

  it('checks in, reloads the roster every 2 s until it says checked in, then shows success', async () => {
    const checkIn = vi.fn(async () => undefined);
    const fetchCheckedIn = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const navigate = vi.fn();
    const done = submitSegmentCheckIn(
      { segmentId: 'mq', rosterId: 'r1', isChinese: false },
      { checkIn, fetchCheckedIn, navigate },
    );
    expect(getCheckIns().segmentPhase).toBe('submitting');
    // One call at a time: a second submit while the first runs does nothing.
    await expect(
      submitSegmentCheckIn({ segmentId: 'mq', rosterId: 'r1', isChinese: false }, { checkIn, navigate }),
    ).resolves.toBe(false);
    await expect(done).resolves.toBe(true);
    expect(checkIn).toHaveBeenCalledTimes(1);
    expect(checkIn).toHaveBeenCalledWith('mq', undefined);
    expect(getCheckIns().segmentPhase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS);
    expect(getCheckIns().segmentPhase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS);
    expect(fetchCheckedIn).toHaveBeenCalledTimes(2);
    expect(getCheckIns()).toMatchObject({ segmentPhase: 'done', checkedIn: true, segmentModalOpen: true });
    expect(getSession().isCheckedIn).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    closeSegmentCheckIn();
    expect(getCheckIns()).toMatchObject({ segmentPhase: 'idle', segmentModalOpen: false });
  });

  it('sends the five chosen players outside a monthly qualifier', async () => {
    const checkIn = vi.fn(async () => undefined);
    const tags = ['#A', '#B', '#C', '#D', '#E'];
    await submitSegmentCheckIn(
      { segmentId: 'cf', rosterId: 'r1', playerTags: tags, isChinese: false },
      { checkIn, fetchCheckedIn: vi.fn(async () => true), navigate: vi.fn() },
    );
    expect(checkIn).toHaveBeenCalledWith('cf', tags);
  });

  it('a refusal is logged, closes the modal and routes to its page; nothing is reloaded', async () => {
    const error = new ApiError(
      409,
      'POST',
      '/x',
      [{ status: '409', title: 't', code: 'CHECK_IN_WINDOW_CLOSED' }],
      null,
    );
    const report = vi.fn();
    const navigate = vi.fn();
    const fetchCheckedIn = vi.fn(async () => true);
    await expect(
      submitSegmentCheckIn(
        { segmentId: 'mq', rosterId: 'r1', isChinese: true },
        { checkIn: vi.fn(async () => Promise.reject(error)), fetchCheckedIn, navigate, report },
      ),
    ).resolves.toBe(false);
    expect(report).toHaveBeenCalledWith(error);
    // The spec's page (10, China) with the reason the server gave (issue 31: never a bare "failed").
    expect(navigate).toHaveBeenCalledWith('/error/10?reason=CHECK_IN_WINDOW_CLOSED');
    expect(getCheckIns()).toMatchObject({ segmentPhase: 'idle', segmentModalOpen: false, checkedIn: false });
    await vi.advanceTimersByTimeAsync(ROSTER_RELOAD_POLL_MS * 3);
    expect(fetchCheckedIn).not.toHaveBeenCalled();
  });
});
