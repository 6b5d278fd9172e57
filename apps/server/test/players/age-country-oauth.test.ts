import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@cwh/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, jsonApiBody, jsonApiRequest, startTestApp, type TestContext } from '../harness.js';
import { describeEachKind } from '../test-database.js';
import { createHubUser, errorCode, playerToken, T } from './players-helpers.js';

/** One local stub for both the Cloudflare-style trace and Discord's token and user endpoints. */
async function startStub(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/cdn-cgi/trace') {
      res.end('fl=1\nh=example\nip=127.0.0.1\nloc=CA\ntls=TLSv1.3\n');
      return;
    }
    if (req.url === '/api/oauth2/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const ok =
          form.get('code') === 'good-code' &&
          form.get('client_secret') === 'secret' &&
          form.get('grant_type') === 'authorization_code';
        res.statusCode = ok ? 200 : 400;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            ok ? { access_token: 'discord-access', token_type: 'Bearer' } : { error: 'invalid_grant' },
          ),
        );
      });
      return;
    }
    if (req.url === '/api/users/@me' && req.headers.authorization === 'Bearer discord-access') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: '80351110224678912', username: 'marcus_stone' }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describeEachKind('age gate, country and Discord OAuth [%s]', (kind) => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  let stub: { server: Server; url: string };

  beforeAll(async () => {
    stub = await startStub();
    const started = await startTestApp(kind, {
      config: {
        countryTraceUrl: `${stub.url}/cdn-cgi/trace`,
        discordClientId: 'client-123',
        discordClientSecret: 'secret',
        discordApiBaseUrl: `${stub.url}/api`,
      },
    });
    ctx = started.context;
    stop = started.stop;
  });
  afterAll(async () => {
    await stop?.();
    stub.server.close();
  });

  describe('age gate (minimum age 13)', () => {
    const years = (n: number) => `${ctx.now.getUTCFullYear() - n}-01-01`;
    const ageGate = (method: 'GET' | 'POST', token?: string, dateOfBirth?: unknown) =>
      ctx.app.inject(
        jsonApiRequest({
          method,
          url: `${API.age}/age-gate`,
          ...(token ? { headers: bearer(token) } : {}),
          ...(method === 'POST' ? { payload: jsonApiBody({ dateOfBirth }) } : {}),
        }),
      );

    it('204 while unknown, 200 once an under-age date is stored, 204 for an adult', async () => {
      const token = await playerToken(ctx.app, T.member);
      expect((await ageGate('GET', token)).statusCode).toBe(204);
      const gated = await ageGate('POST', token, years(10));
      expect(gated.statusCode).toBe(200);
      expect(gated.json().data.attributes).toEqual({ gated: true, minimumAge: 13, age: 10 });
      expect((await ageGate('GET', token)).statusCode).toBe(200);
      // The answer is final: an older date afterwards is refused and the gate stays.
      const changed = await ageGate('POST', token, years(20));
      expect(changed.statusCode).toBe(409);
      expect(errorCode(changed)).toBe('CONFLICT');
      expect((await ageGate('GET', token)).statusCode).toBe(200);
      expect((await ageGate('POST', token, years(10))).statusCode).toBe(200);
      const adult = await playerToken(ctx.app, T.member3);
      expect((await ageGate('POST', adult, years(20))).statusCode).toBe(204);
      expect((await ageGate('GET', adult)).statusCode).toBe(204);
    });

    it('a hub user date of birth counts too', async () => {
      const { token } = await createHubUser(ctx.app, T.elder);
      expect((await ageGate('POST', token, years(12))).statusCode).toBe(200);
      expect((await ageGate('GET', token)).statusCode).toBe(200);
    });

    it.each([
      { why: 'a date in the future', value: '2040-01-01' },
      { why: 'not a date', value: 'yesterday' },
      { why: 'a number', value: 20 },
    ])('refuses $why with 400 and stores nothing', async ({ value }) => {
      const token = await playerToken(ctx.app, T.member2);
      expect((await ageGate('POST', token, value)).statusCode).toBe(400);
      expect((await ageGate('GET', token)).statusCode).toBe(204);
    });

    it('answers 401 without a token', async () => {
      expect((await ageGate('GET')).statusCode).toBe(401);
    });

    it('an under-age player cannot register, nor change the date while registering', async () => {
      const token = await playerToken(ctx.app, T.member2);
      expect((await ageGate('POST', token, years(11))).statusCode).toBe(200);
      const register = (dateOfBirth?: string) =>
        ctx.app.inject(
          jsonApiRequest({
            method: 'POST',
            url: `${API.clan}/user`,
            headers: bearer(token),
            payload: jsonApiBody({
              firstName: 'Young',
              lastName: 'Player',
              username: 'young',
              email: 'young@example.com',
              ...(dateOfBirth ? { dateOfBirth } : {}),
            }),
          }),
        );
      const refused = await register();
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused)).toBe('FORBIDDEN');
      expect(errorCode(await register(years(30)))).toBe('CONFLICT');
      expect((await ageGate('GET', token)).statusCode).toBe(200);
    });
  });

  describe('country', () => {
    it('reads loc= from the configured trace endpoint', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `${API.hub}/country` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.attributes.country).toBe('CA');
    });
  });

  describe('Discord OAuth', () => {
    const returnUri = 'https://hub.example/registration/discord';
    let token = '';
    beforeAll(async () => {
      token = (await createHubUser(ctx.app, T.leader)).token;
    });

    it('builds the authorization URL with client id, scope identify and a state', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${API.users}/oauth/discord/authorization_url?return_uri=${encodeURIComponent(returnUri)}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const url = new URL(response.json().data.attributes.url);
      expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
      expect(url.searchParams.get('client_id')).toBe('client-123');
      expect(url.searchParams.get('scope')).toBe('identify');
      expect(url.searchParams.get('redirect_uri')).toBe(returnUri);
      expect(url.searchParams.get('state')).toBe(response.json().data.attributes.state);
    });

    it('exchanges the code, reads the user and links the chat account', async () => {
      const state = (
        await ctx.app.inject({
          method: 'GET',
          url: `${API.users}/oauth/discord/authorization_url?return_uri=${encodeURIComponent(returnUri)}`,
          headers: bearer(token),
        })
      ).json().data.attributes.state;
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${API.users}/oauth/discord/access_token?code=good-code&return_uri=${encodeURIComponent(returnUri)}&state=${state}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.attributes).toMatchObject({
        provider: 'discord',
        externalId: '80351110224678912',
        username: 'marcus_stone',
      });
    });

    const uri = encodeURIComponent(returnUri);
    it.each([
      { why: 'a code Discord refuses', query: () => `code=bad&return_uri=${uri}`, parameter: undefined },
      // Refused before any exchange, even with a good code.
      { why: 'no state', query: () => `code=good-code&return_uri=${uri}`, parameter: 'state' },
      {
        why: 'a forged state',
        query: () => `code=good-code&return_uri=${uri}&state=forged.state`,
        parameter: 'state',
      },
      {
        why: 'a script return_uri',
        query: () => 'code=good-code&return_uri=javascript:alert(1)',
        parameter: undefined,
      },
    ])('refuses $why with 400', async ({ query, parameter }) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${API.users}/oauth/discord/access_token?${query()}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
      if (parameter) expect(response.json().errors[0].source).toEqual({ parameter });
    });

    it('refuses a player without a hub user (NOT_REGISTERED)', async () => {
      const anonymous = await playerToken(ctx.app, T.member3);
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${API.users}/oauth/discord/access_token?code=good-code&return_uri=${uri}&state=forged.state`,
        headers: bearer(anonymous),
      });
      expect(errorCode(response)).toBe('NOT_REGISTERED');
    });
  });
});

describeEachKind('country without a trace endpoint [%s]', (kind) => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const started = await startTestApp(kind, { seed: false });
    ctx = started.context;
    stop = started.stop;
  });
  afterAll(() => stop?.());

  it.each([
    [{ 'cf-ipcountry': 'fr' }, 'FR'],
    [{ 'x-country': 'JP' }, 'JP'],
    [{ 'x-country': 'not a country' }, 'XX'],
    [{}, 'XX'],
  ])('%o → %s', async (headers, country) => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API.hub}/country`, headers });
    expect(response.json().data.attributes.country).toBe(country);
  });

  it('Discord without configuration answers 503', async () => {
    const { token } = await createHubUser(ctx.app, T.leader);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${API.users}/oauth/discord/authorization_url?return_uri=${encodeURIComponent('https://hub.example/x')}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(503);
  });
});
