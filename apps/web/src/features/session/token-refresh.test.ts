import { MAX_TIMER_DELAY_MS } from '@cwh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, updateSession } from './session-store';
import { cancelTokenRefresh, scheduleTokenRefresh } from './token-refresh';

const refreshed = {
  data: {
    attributes: {
      token: { value: 'new', expires: '2099-01-01T00:00:00Z' },
      refreshToken: { value: 'new-refresh', expires: '2099-02-01T00:00:00Z' },
      userId: 'u1',
    },
  },
};

describe('scheduleTokenRefresh', () => {
  let clock = Date.parse('2025-01-01T00:00:00Z');
  beforeEach(() => {
    vi.useFakeTimers();
    clock = Date.parse('2025-01-01T00:00:00Z');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(refreshed), { status: 200 })),
    );
    resetSession();
  });
  afterEach(() => {
    cancelTokenRefresh();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a token valid for a year is not refreshed when the clamped timer fires', async () => {
    updateSession({
      scToken: { value: 'long', expires: '2026-01-01T00:00:00Z' },
      refreshToken: { value: 'r', expires: '2026-02-01T00:00:00Z' },
    });
    scheduleTokenRefresh(() => clock);
    // Overflowing timers fire after 1 ms; a clamped one does not.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).not.toHaveBeenCalled();
    clock += MAX_TIMER_DELAY_MS;
    await vi.advanceTimersByTimeAsync(MAX_TIMER_DELAY_MS);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a token one minute from its refresh moment is refreshed once then', async () => {
    updateSession({
      scToken: { value: 'short', expires: '2025-01-01T00:02:00Z' },
      refreshToken: { value: 'r', expires: '2025-02-01T00:00:00Z' },
    });
    scheduleTokenRefresh(() => clock);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fetch).not.toHaveBeenCalled();
    clock += 60_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toContain('/login/refresh');
  });
});
