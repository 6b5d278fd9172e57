import { API } from '@cwh/contract';
import { expect, it } from 'vitest';
import {
  bearer,
  describeEachDatabase,
  jsonApiBody,
  jsonApiRequest,
  loginAsAdmin,
  TEST_ADMIN,
} from './harness.js';

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

  it('a rotated refresh ends the access token issued with it', async () => {
    const session = await loginAsAdmin(ctx.app);
    const rotated = await refresh(session.refreshToken.value);
    expect(rotated.statusCode).toBe(200);
    expect((await me(session.token.value)).statusCode).toBe(401);
    expect((await me(rotated.json().data.attributes.token.value)).statusCode).toBe(200);
  });
});
