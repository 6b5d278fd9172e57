import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedImages, teams } from '../../src/db/schema/index.js';
import { describeEachDatabase } from '../harness.js';
import {
  ADMIN_ONLY,
  type Callers,
  call,
  expectedStatus,
  ROLES,
  type Role,
  SUPPORT,
  T,
  U,
} from './admin-fixtures.js';

import { accountCallers, accountHelpers, png, upload } from './user-account-fixtures.js';

describeEachDatabase('user accounts: role × action', (ctx) => {
  let callers: Callers;
  let admin: string;
  beforeAll(async () => {
    ({ callers, admin } = await accountCallers(ctx));
  });
  const { target, counter, next, db, rowsOf, logCount } = accountHelpers(ctx);

  describe('role × action', () => {
    let tags = 1000;
    /** A fresh valid player tag: a counter written in the game's 14-letter tag alphabet. */
    const tag = () => {
      let n = ++tags;
      let body = '';
      while (n > 0) {
        body = '0289PYLQGRJCUV'[n % 14] + body;
        n = Math.floor(n / 14);
      }
      return `#${body}`;
    };
    const ACTIONS: {
      action: string;
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      ok: number;
      url: (id: string, sub: string) => string;
      body?: () => Record<string, unknown>;
      setup?: (id: string) => Promise<string>;
    }[] = [
      { action: 'GET e-mail addresses', method: 'GET', ok: 200, url: (id) => `/users/${id}/email-addresses` },
      {
        action: 'POST e-mail address',
        method: 'POST',
        ok: 201,
        url: (id) => `/users/${id}/email-addresses`,
        body: () => ({ email: `more${counter()}@users.test` }),
      },
      {
        action: 'POST e-mail resend',
        method: 'POST',
        ok: 200,
        url: (id, sub) => `/users/${id}/email-addresses/${sub}/resend`,
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/email-addresses`, {
              email: `r${counter()}@users.test`,
            })
          ).json().data.id,
      },
      { action: 'GET phone numbers', method: 'GET', ok: 200, url: (id) => `/users/${id}/phone-numbers` },
      {
        action: 'POST phone number',
        method: 'POST',
        ok: 201,
        url: (id) => `/users/${id}/phone-numbers`,
        body: () => ({ phone: '+33 6 12 34 56 78' }),
      },
      {
        action: 'POST phone resend',
        method: 'POST',
        ok: 200,
        url: (id, sub) => `/users/${id}/phone-numbers/${sub}/resend`,
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/phone-numbers`, { phone: '+4915112345678' })
          ).json().data.id,
      },
      { action: 'GET game accounts', method: 'GET', ok: 200, url: (id) => `/users/${id}/game-accounts` },
      {
        action: 'POST game account',
        method: 'POST',
        ok: 201,
        url: (id) => `/users/${id}/game-accounts`,
        body: () => ({ username: 'Chief', playerTag: tag() }),
      },
      {
        action: 'PATCH game account',
        method: 'PATCH',
        ok: 200,
        url: (id, sub) => `/users/${id}/game-accounts/${sub}`,
        body: () => ({ username: 'Renamed' }),
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/game-accounts`, {
              username: 'Chief',
              playerTag: tag(),
            })
          ).json().data.id,
      },
      {
        action: 'DELETE game account',
        method: 'DELETE',
        ok: 204,
        url: (id, sub) => `/users/${id}/game-accounts/${sub}`,
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/game-accounts`, {
              username: 'Chief',
              playerTag: tag(),
            })
          ).json().data.id,
      },
      { action: 'DELETE profile avatar', method: 'DELETE', ok: 204, url: (id) => `/profiles/${id}/avatar` },
    ];
    for (const { action, method, ok, url, body, setup } of ACTIONS) {
      it.each(ROLES)(`${action} as %s`, async (role) => {
        const { id } = await target();
        const sub = setup ? await setup(id) : '';
        const before = await logCount();
        const response = await call(ctx.app, callers.tokens[role], method, `${U}${url(id, sub)}`, body?.());
        const expected = expectedStatus(role, SUPPORT, ok);
        expect(response.statusCode, response.body).toBe(expected);
        // A refusal writes nothing, not even to the activity log; a granted write logs one entry.
        const written = (await logCount()) - before;
        expect(written).toBe(expected >= 400 || method === 'GET' ? 0 : 1);
      });
    }
    it.each(ROLES)('PATCH /profiles/{id}/avatar of another user as %s', async (role) => {
      const { id } = await target();
      const response = await upload(ctx.app, callers.tokens[role], `${U}/profiles/${id}/avatar`, png(4));
      expect(response.statusCode, response.body).toBe(expectedStatus(role, SUPPORT, 200));
      expect(await rowsOf(storedImages, id)).toBe(response.statusCode === 200 ? 1 : 0);
    });
    it.each(ROLES)('POST /teams (own team) as %s', async (role) => {
      const name = `Team ${role} ${next()}`;
      const response = await call(ctx.app, callers.tokens[role], 'POST', `${T}/teams`, { name });
      const allowed: readonly Role[] = ROLES.filter((r) => r !== 'anonymous');
      expect(response.statusCode, response.body).toBe(expectedStatus(role, allowed, 201));
      const stored = await db().select().from(teams).where(eq(teams.name, name));
      expect(stored).toHaveLength(response.statusCode === 201 ? 1 : 0);
    });
    it.each(ROLES)('POST /teams for another owner as %s', async (role) => {
      const name = `Franchise ${next()}`;
      const response = await call(ctx.app, callers.tokens[role], 'POST', `${T}/teams`, {
        name,
        ownerId: callers.ids.player,
      });
      expect(response.statusCode, response.body).toBe(
        role === 'player' ? 201 : expectedStatus(role, ADMIN_ONLY, 201),
      );
    });
  });
});
