import { API } from '@cwh/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, jsonApiBody, jsonApiRequest, TEST_ADMIN } from './harness.js';
import { gameUser, T } from './players/players-helpers.js';

const login = (attributes: Record<string, unknown>, ip = '203.0.113.7') =>
  jsonApiRequest({
    method: 'POST',
    url: `${API.users}/login`,
    payload: jsonApiBody(attributes),
    remoteAddress: ip,
  });

describeEachDatabase(
  'failed-attempt limits of sign-in and the game-user lookup',
  (ctx) => {
    it('after 3 wrong passwords the same IP and e-mail get 429 with Retry-After, even with the right one', async () => {
      for (let i = 0; i < 3; i++) {
        const wrong = await ctx.app.inject(login({ ...TEST_ADMIN, password: `wrong-${i}` }));
        expect(wrong.statusCode).toBe(401);
      }
      const blocked = await ctx.app.inject(login(TEST_ADMIN));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().errors[0]).toMatchObject({
        code: 'RATE_LIMITED',
        detail: 'Too many failed sign-ins, try again later',
        meta: { retryAfterSeconds: expect.any(Number) },
      });
      // The window (900 s) started with the first failure: what is left of it.
      const retryAfter = blocked.json().errors[0].meta.retryAfterSeconds as number;
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(blocked.headers['retry-after']).toBe(String(retryAfter));
      // Another IP, and the same IP with another e-mail, are not blocked.
      expect((await ctx.app.inject(login(TEST_ADMIN, '198.51.100.2'))).statusCode).toBe(200);
      const other = await ctx.app.inject(login({ email: 'someone@example.com', password: 'x' }));
      expect(other.statusCode).toBe(401);
    });

    it('60 parallel wrong passwords from one IP yield at most the limit of 401s', async () => {
      const email = 'parallel@example.com';
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          ctx.app.inject(login({ email, password: `guess-${i}` }, '203.0.113.60')),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBe(3);
      expect(statuses.filter((s) => s === 429).length).toBe(57);
    });

    it('limits one e-mail across IPs, and one IP across e-mails', async () => {
      const email = 'target@example.com';
      const fromIps = [];
      for (let i = 0; i < 7; i++) {
        fromIps.push((await ctx.app.inject(login({ email, password: 'x' }, `198.18.0.${i + 1}`))).statusCode);
      }
      expect(fromIps).toEqual([401, 401, 401, 401, 401, 401, 429]);
      const sprayed = [];
      for (let i = 0; i < 9; i++) {
        const response = await ctx.app.inject(
          login({ email: `user${i}@example.com`, password: 'x' }, '198.18.1.1'),
        );
        sprayed.push(response.statusCode);
      }
      expect(sprayed.slice(0, 8).every((s) => s === 401)).toBe(true);
      expect(sprayed[8]).toBe(429);
    });

    it('successful sign-ins do not count', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await ctx.app.inject(login(TEST_ADMIN, '198.51.100.9'))).statusCode).toBe(200);
      }
    });

    it('after 2 wrong API tokens the IP gets 429 on the game-user lookup; other IPs are served', async () => {
      const lookup = (apiToken: string) =>
        ctx.app.inject(
          jsonApiRequest({
            method: 'POST',
            url: `${API.hub}/game-user`,
            payload: jsonApiBody({ apiToken, playerTag: T.leader }),
            remoteAddress: '192.0.2.44',
          }),
        );
      expect((await lookup('not-the-token-1')).json().errors[0].code).toBe('INVALID_TOKEN');
      expect((await lookup('not-the-token-2')).json().errors[0].code).toBe('INVALID_TOKEN');
      const blocked = await lookup('not-the-token-3');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().errors[0].code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
      // The default inject address is another IP: the real token still works there.
      const { status, token } = await gameUser(ctx.app, T.leader);
      expect(status).toBe(404);
      expect(token).toEqual(expect.any(String));
    });
  },
  {
    config: {
      authFailures: { loginMax: 3, loginAccountMax: 6, loginIpMax: 8, gameUserMax: 2, windowMs: 900_000 },
    },
  },
);
