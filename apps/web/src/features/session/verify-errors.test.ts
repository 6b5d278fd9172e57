import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupGameUser } from './load-session';
import { errorOf } from './verify-page';

afterEach(() => vi.unstubAllGlobals());

describe('standalone sign-in errors', () => {
  it('a 429 RATE_LIMITED lookup keeps its retry time and no player meta', async () => {
    const body = {
      errors: [
        {
          status: '429',
          code: 'RATE_LIMITED',
          title: 'Too many requests',
          detail: 'Too many wrong API tokens, try again later',
          meta: { retryAfterSeconds: 540 },
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(body), { status: 429, headers: { 'retry-after': '540' } }),
      ),
    );
    const answer = await lookupGameUser({ apiToken: 'x', playerTag: '#LQ2Y000' });
    expect(answer).toMatchObject({ status: 429, code: 'RATE_LIMITED', meta: null, retryAfterSeconds: 540 });
    expect(errorOf(answer)).toBe('tooMany');
  });

  it.each([
    [400, 'INVALID_TOKEN', 'invalid'],
    [400, 'UNKNOWN_PLAYER', 'unknown'],
    [429, 'RATE_LIMITED', 'tooMany'],
    [503, 'SERVICE_UNAVAILABLE', 'failed'],
    [0, null, 'failed'],
    [404, 'NOT_REGISTERED', null],
  ])('status %s %s → %s', (status, code, expected) => {
    expect(errorOf({ status, code, message: null, meta: null, userId: null })).toBe(expected);
  });
});
