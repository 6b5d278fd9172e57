import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupGameUser, signIn, signInProblem } from './load-session';
import { getSession, resetSession } from './session-store';
import { forgetPlayer, readStoredPlayer } from './standalone-player';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPlayer();
  resetSession();
});

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
    expect(signInProblem(answer)).toBe('tooMany');
  });

  it('a refused sign-in (429) stores no player and starts no session', async () => {
    const body = { errors: [{ status: '429', code: 'RATE_LIMITED', meta: { retryAfterSeconds: 60 } }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 429 })),
    );
    const answer = await signIn({ apiToken: 'x', playerTag: '#LQ2Y000' });
    expect(answer.status).toBe(429);
    expect(readStoredPlayer()).toBeNull();
    expect(getSession().status).not.toBe('signedIn');
  });

  it.each([
    [400, 'INVALID_TOKEN', 'invalid'],
    [400, 'UNKNOWN_PLAYER', 'unknown'],
    [429, 'RATE_LIMITED', 'tooMany'],
    [503, 'SERVICE_UNAVAILABLE', 'failed'],
    [0, null, 'failed'],
    [404, 'NOT_REGISTERED', null],
  ])('status %s %s → %s', (status, code, expected) => {
    expect(signInProblem({ status, code, message: null, meta: null, userId: null })).toBe(expected);
  });
});
