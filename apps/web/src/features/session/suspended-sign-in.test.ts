import type { GameUserMeta } from '@cwh/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLookup, isSuspendedAnswer, signIn, signInProblem } from './load-session';
import { getSession, resetSession } from './session-store';
import { forgetPlayer, readStoredPlayer } from './standalone-player';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPlayer();
  resetSession();
});

const suspendedBody = {
  errors: [
    {
      status: '401',
      code: 'UNAUTHENTICATED',
      title: 'Authentication required',
      detail: 'This account is suspended',
      meta: { reason: 'ACCOUNT_SUSPENDED' },
    },
  ],
};
const suspendedAnswer = {
  status: 401,
  code: 'UNAUTHENTICATED',
  message: 'This account is suspended',
  meta: { reason: 'ACCOUNT_SUSPENDED' } as unknown as GameUserMeta,
  userId: null,
};

describe('a suspended account signing in (issue 31)', () => {
  it('the Verify page is told "suspended", and nothing is stored nor signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(suspendedBody), { status: 401 })),
    );
    const answer = await signIn({ apiToken: 'sim-token-X', playerTag: '#LQ2Y000' });
    expect(signInProblem(answer)).toBe('suspended');
    expect(readStoredPlayer()).toBeNull();
    expect(getSession().status).not.toBe('signedIn');
  });

  it('only a 401 that names the reason is a suspension', () => {
    expect(isSuspendedAnswer(suspendedAnswer)).toBe(true);
    expect(isSuspendedAnswer({ ...suspendedAnswer, meta: null })).toBe(false);
    expect(isSuspendedAnswer({ ...suspendedAnswer, status: 400 })).toBe(false);
  });

  it('in the game (initial load) the page says the account is suspended, not a critical error', async () => {
    const navigate = vi.fn();
    await applyLookup(suspendedAnswer, { navigate });
    expect(navigate).toHaveBeenCalledWith('/error?reason=ACCOUNT_SUSPENDED');
  });
});
