import { describe, expect, it } from 'vitest';
import { tokenRefreshDelayMs } from './token.js';

describe('tokenRefreshDelayMs', () => {
  const expires = '2025-10-31T15:00:00Z';
  it.each([
    ['2025-10-31T14:00:00Z', 59 * 60_000],
    ['2025-10-31T14:59:00Z', 0],
    ['2025-10-31T14:59:30Z', 0],
    ['2025-10-31T16:00:00Z', 0],
  ])('at %s → %i', (now, expected) => expect(tokenRefreshDelayMs({ expires }, now)).toBe(expected));
  it('invalid expiry refreshes at once', () => expect(tokenRefreshDelayMs({ expires: 'x' }, 0)).toBe(0));
});
