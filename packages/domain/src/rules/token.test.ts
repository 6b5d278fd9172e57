import { describe, expect, it } from 'vitest';
import { MAX_TIMER_DELAY_MS, tokenRefreshDelayMs } from './token.js';

describe('tokenRefreshDelayMs', () => {
  const expires = '2025-10-31T15:00:00Z';
  it.each([
    ['2025-10-31T14:00:00Z', 59 * 60_000],
    ['2025-10-31T14:59:00Z', 0],
    ['2025-10-31T14:59:30Z', 0],
    ['2025-10-31T16:00:00Z', 0],
  ])('at %s → %i', (now, expected) => expect(tokenRefreshDelayMs({ expires }, now)).toBe(expected));
  it('invalid expiry refreshes at once', () => expect(tokenRefreshDelayMs({ expires: 'x' }, 0)).toBe(0));
  it('a token valid for a year waits at most what a timer can hold, not 1 ms', () => {
    const now = '2025-01-01T00:00:00Z';
    expect(tokenRefreshDelayMs({ expires: '2026-01-01T00:00:00Z' }, now)).toBe(MAX_TIMER_DELAY_MS);
  });
});
