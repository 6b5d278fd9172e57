import { API } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  describeEachDatabase,
  jsonApiBody,
  jsonApiRequest,
  loginAsAdmin,
  TEST_ADMIN,
} from './harness.js';
import { createHubUser, gameUser, playerToken, T } from './players/players-helpers.js';

const login = (payload: unknown) =>
  jsonApiRequest({ method: 'POST', url: `${API.users}/login`, payload: payload as Record<string, unknown> });

describeEachDatabase('auth', (ctx) => {
  it('logs in with the seeded admin and returns access and refresh tokens', async () => {
    const response = await ctx.app.inject(login(jsonApiBody(TEST_ADMIN)));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.type).toBe('sessions');
    expect(data.attributes.token.value).toMatch(/^[\w-]{40,}$/);
    expect(data.attributes.token.expires).toBe('2026-03-15T13:00:00Z');
    expect(data.attributes.refreshToken.value).not.toBe(data.attributes.token.value);
  });

  it('rejects a wrong password with 401 UNAUTHENTICATED', async () => {
    const response = await ctx.app.inject(login(jsonApiBody({ ...TEST_ADMIN, password: 'wrong-password' })));
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('UNAUTHENTICATED');
  });

  it('rejects an unknown e-mail with the same 401', async () => {
    const response = await ctx.app.inject(login(jsonApiBody({ email: 'nobody@example.com', password: 'x' })));
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].detail).toBe('Invalid e-mail or password');
  });

  it('rejects an invalid e-mail with 400 VALIDATION_FAILED and a pointer', async () => {
    const response = await ctx.app.inject(login(jsonApiBody({ email: 'not-an-email', password: 'x' })));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors[0]).toMatchObject({
      status: '400',
      code: 'VALIDATION_FAILED',
      source: { pointer: '/data/attributes/email' },
    });
    expect(body.meta.message).toMatch(
      /^400 POST \/api\/users\/1\.0\/login: VALIDATION_FAILED — data\.attributes\.email: /,
    );
    expect(body.meta).toMatchObject({ status: 400, method: 'POST', path: '/api/users/1.0/login' });
  });

  it('rejects a bare (unwrapped) body', async () => {
    const response = await ctx.app.inject(login(TEST_ADMIN));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
  });

  it('returns the current user for a bearer token', async () => {
    const session = await loginAsAdmin(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${API.users}/user`,
      headers: bearer(session.token.value),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ id: session.userId, type: 'users' });
    expect(data.attributes).toMatchObject({ email: TEST_ADMIN.email, permissions: ['admin'] });
    expect(JSON.stringify(data)).not.toContain('scrypt');
  });

  it('answers 401 without or with a bad token', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: `${API.users}/user` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().errors[0].code).toBe('UNAUTHENTICATED');
    const bad = await ctx.app.inject({ method: 'GET', url: `${API.users}/user`, headers: bearer('nope') });
    expect(bad.statusCode).toBe(401);
  });

  it('rotates refresh tokens: a refresh token works once', async () => {
    const session = await loginAsAdmin(ctx.app);
    const refresh = () =>
      ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${API.users}/login/refresh`,
          payload: jsonApiBody({ refreshToken: session.refreshToken.value }),
        }),
      );
    const first = await refresh();
    expect(first.statusCode).toBe(200);
    const renewed = first.json().data.attributes;
    expect(renewed.userId).toBe(session.userId);
    expect(renewed.refreshToken.value).not.toBe(session.refreshToken.value);
    const me = await ctx.app.inject({
      method: 'GET',
      url: `${API.users}/user`,
      headers: bearer(renewed.token.value),
    });
    expect(me.statusCode).toBe(200);

    const second = await refresh();
    expect(second.statusCode).toBe(401);
    expect(second.json().errors[0].code).toBe('UNAUTHENTICATED');
  });

  it('validates the refresh body', async () => {
    const response = await ctx.app.inject(
      jsonApiRequest({
        method: 'POST',
        url: `${API.users}/login/refresh`,
        payload: jsonApiBody({ refreshToken: 1 }),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source.pointer).toBe('/data/attributes/refreshToken');
  });
});

describeEachDatabase('sign-out and refresh rotation end the tokens', (ctx) => {
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `${API.users}/user`, headers: bearer(token) });
  const refresh = (refreshToken: string) =>
    ctx.app.inject(
      jsonApiRequest({
        method: 'POST',
        url: `${API.users}/login/refresh`,
        payload: jsonApiBody({ refreshToken }),
      }),
    );

  it('POST /logout revokes the access token and its refresh token, and only that session', async () => {
    const session = await loginAsAdmin(ctx.app);
    const other = await loginAsAdmin(ctx.app);
    expect((await me(session.token.value)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: `${API.users}/logout`,
      headers: bearer(session.token.value),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(session.token.value)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken.value)).statusCode).toBe(401);
    expect((await me(other.token.value)).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `${API.users}/logout` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a refresh token presented again after its rotation ends the whole session family', async () => {
    const session = await loginAsAdmin(ctx.app);
    const other = await loginAsAdmin(ctx.app);
    const rotated = (await refresh(session.refreshToken.value)).json().data.attributes;
    const again = (await refresh(rotated.refreshToken.value)).json().data.attributes;
    expect((await me(again.token.value)).statusCode).toBe(200);
    // The first refresh token, stolen and replayed (or replayed by its owner after a thief rotated it).
    const replay = await refresh(session.refreshToken.value);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0].meta).toEqual({ reason: 'REFRESH_TOKEN_REUSED' });
    // Every token of the family ends: the latest pair too. Other sessions of the user go on.
    expect((await me(again.token.value)).statusCode).toBe(401);
    expect((await refresh(again.refreshToken.value)).statusCode).toBe(401);
    expect((await me(other.token.value)).statusCode).toBe(200);
  });

  it('two refreshes with one token: the second is a reuse, and neither pair survives', async () => {
    const session = await loginAsAdmin(ctx.app);
    const first = await refresh(session.refreshToken.value);
    const second = await refresh(session.refreshToken.value);
    expect([first.statusCode, second.statusCode]).toEqual([200, 401]);
    expect((await me(first.json().data.attributes.token.value)).statusCode).toBe(401);
  });

  describe('players (game-user tokens)', () => {
    const clan = (token: string) =>
      ctx.app.inject({ method: 'GET', url: `${API.clan}/clan`, headers: bearer(token) });
    const logout = (token: string) =>
      ctx.app.inject({ method: 'POST', url: `${API.users}/logout`, headers: bearer(token) });

    it('a player signs out, with or without a hub user: access and refresh tokens end at once', async () => {
      for (const tag of [T.member, T.leader]) {
        if (tag === T.leader) await createHubUser(ctx.app, tag);
        const { meta } = await gameUser(ctx.app, tag);
        const other = await playerToken(ctx.app, tag);
        expect((await clan(meta.token.value)).statusCode).toBe(200);
        expect((await logout(meta.token.value)).statusCode, tag).toBe(204);
        expect((await clan(meta.token.value)).statusCode, tag).toBe(401);
        expect((await refresh(meta.refreshToken.value)).statusCode, tag).toBe(401);
        // Another sign-in of the same player (another phone) is another session.
        expect((await clan(other)).statusCode, tag).toBe(200);
        expect((await logout(meta.token.value)).statusCode, tag).toBe(401);
      }
    });

    it('a player refresh rotates in its family; a replayed one ends the family', async () => {
      const { meta } = await gameUser(ctx.app, T.elder);
      const rotated = await refresh(meta.refreshToken.value);
      expect(rotated.statusCode).toBe(200);
      const fresh = rotated.json().data.attributes;
      expect((await clan(meta.token.value)).statusCode).toBe(401);
      expect((await clan(fresh.token.value)).statusCode).toBe(200);
      const replay = await refresh(meta.refreshToken.value);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().errors[0].meta).toEqual({ reason: 'REFRESH_TOKEN_REUSED' });
      expect((await clan(fresh.token.value)).statusCode).toBe(401);
      expect((await refresh(fresh.refreshToken.value)).statusCode).toBe(401);
    });
  });

  it('a rotated refresh ends the access token issued with it', async () => {
    const session = await loginAsAdmin(ctx.app);
    const rotated = await refresh(session.refreshToken.value);
    expect(rotated.statusCode).toBe(200);
    expect((await me(session.token.value)).statusCode).toBe(401);
    expect((await me(rotated.json().data.attributes.token.value)).statusCode).toBe(200);
  });
});
