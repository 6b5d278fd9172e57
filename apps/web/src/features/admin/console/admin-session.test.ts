import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToken, endSession, signIn } from './admin-session';

const answers: Record<string, unknown> = {
  'POST /api/users/1.0/login': { data: { attributes: { token: { value: 'tok-1' }, userId: 'u1' } } },
  'GET /api/users/1.0/user': { data: { attributes: { email: 'staff@hub.test', permissions: ['support'] } } },
};

describe('the console session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Sign out forgets the session and asks the server to end its tokens', async () => {
    const calls: { method: string; url: string; authorization: string | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const path = new URL(url, 'http://hub.test').pathname;
        const headers = init.headers as Record<string, string>;
        calls.push({ method: init.method ?? 'GET', url: path, authorization: headers.authorization });
        const body = answers[`${init.method} ${path}`];
        return new Response(body ? JSON.stringify(body) : null, { status: body ? 200 : 204 });
      }),
    );
    expect(await signIn('staff@hub.test', 'secret')).toBe('ok');
    expect(adminToken()).toBe('tok-1');
    await endSession();
    expect(adminToken()).toBeNull();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/users/1.0/logout',
      authorization: 'Bearer tok-1',
    });
  });

  it('a refused sign-out still signs the person out of the console', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const path = new URL(url, 'http://hub.test').pathname;
        const body = answers[`${init.method} ${path}`];
        return body ? new Response(JSON.stringify(body)) : new Response('{"errors":[]}', { status: 401 });
      }),
    );
    await signIn('staff@hub.test', 'secret');
    await endSession();
    expect(adminToken()).toBeNull();
  });
});
