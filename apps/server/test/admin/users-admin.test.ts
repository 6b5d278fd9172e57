import { activityLogGroupListDocument, activityLogListDocument, adminUserListDocument } from '@cwh/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/features/auth/password.js';
import { createUserRepository } from '../../src/features/auth/user-repository.js';
import { describeEachDatabase } from '../harness.js';
import {
  ADMIN_ONLY,
  type Callers,
  call,
  createCallers,
  expectedStatus,
  login,
  ROLES,
  SUPPORT,
  U,
} from './admin-fixtures.js';

const PASSWORD = 'target-password';

describeEachDatabase(
  'user administration and support',
  (ctx) => {
    let callers: Callers;
    let support: string;
    beforeAll(async () => {
      callers = await createCallers(ctx);
      support = callers.tokens.support!;
    });
    let counter = 0;
    /** A fresh player account to act on, so every row starts from the same state. */
    const target = async () => {
      counter += 1;
      const email = `target${counter}@users.test`;
      const row = await createUserRepository(ctx.database.db).insert({
        email,
        passwordHash: await hashPassword(PASSWORD),
        username: `target${counter}`,
        permissions: [],
      });
      return { id: row.id, email };
    };
    const latestMailTo = async (email: string) => {
      const response = await call(ctx.app, support, 'GET', `${U}/mail-outbox?filter[to]=${email}`);
      return response.json().data[0]?.attributes as { subject: string; text: string } | undefined;
    };
    const resetTokenIn = (text: string) => /Reset code: (\S+)/.exec(text)?.[1] ?? '';

    describe('role × action', () => {
      const ACTIONS = [
        {
          action: 'POST /users/{id}/suspend',
          allowed: SUPPORT,
          ok: 200,
          method: 'POST',
          path: 'suspend',
          body: { reason: 'cheating' },
        },
        {
          action: 'POST /users/{id}/unsuspend',
          allowed: SUPPORT,
          ok: 200,
          method: 'POST',
          path: 'unsuspend',
        },
        {
          action: 'POST /users/{id}/password/reset',
          allowed: SUPPORT,
          ok: 204,
          method: 'POST',
          path: 'password/reset',
        },
        {
          action: 'PATCH /users/{id} (names)',
          allowed: SUPPORT,
          ok: 200,
          method: 'PATCH',
          path: '',
          body: { firstName: 'New' },
        },
        {
          action: 'PATCH /users/{id} (roles)',
          allowed: ADMIN_ONLY,
          ok: 200,
          method: 'PATCH',
          path: '',
          body: { permissions: ['organizer'] },
        },
        { action: 'DELETE /users/{id}', allowed: ADMIN_ONLY, ok: 204, method: 'DELETE', path: '' },
      ] as const;
      for (const { action, allowed, ok, method, path, ...rest } of ACTIONS) {
        it.each(ROLES)(`${action} as %s`, async (role) => {
          const { id } = await target();
          const url = `${U}/users/${id}${path ? `/${path}` : ''}`;
          const body = 'body' in rest ? rest.body : undefined;
          const response = await call(ctx.app, callers.tokens[role], method, url, body);
          expect(response.statusCode, response.body).toBe(expectedStatus(role, allowed, ok));
        });
      }
      it.each(ROLES)('GET /activity-log as %s', async (role) => {
        const response = await call(ctx.app, callers.tokens[role], 'GET', `${U}/activity-log`);
        expect(response.statusCode).toBe(expectedStatus(role, SUPPORT, 200));
      });
    });

    it('searches users by e-mail, name and username with paging', async () => {
      const { email } = await target();
      const response = await call(ctx.app, support, 'GET', `${U}/users?filter[search]=${email}`);
      const body = adminUserListDocument.parse(response.json());
      expect(body.data.map((u) => u.attributes.email)).toEqual([email]);
      const wildcard = await call(ctx.app, support, 'GET', `${U}/users?filter[search]=%25`);
      expect(wildcard.json().data).toEqual([]);
      const paged = await call(ctx.app, support, 'GET', `${U}/users?page[size]=2`);
      expect(paged.json().data).toHaveLength(2);
      expect(paged.json().meta.page.total).toBeGreaterThan(2);
    });

    it('names each user by the spec 3 alias: game account, else username, else full name, else e-mail', async () => {
      const repo = createUserRepository(ctx.database.db);
      const stamp = Date.now().toString(36);
      const plain = await repo.insert({
        email: `alias-${stamp}@users.test`,
        passwordHash: 'x',
        permissions: [],
      });
      const named = await repo.insert({
        email: `alias-named-${stamp}@users.test`,
        passwordHash: 'x',
        firstName: ' Ada ',
        lastName: 'Lovelace',
        permissions: [],
      });
      const { id: gamer, email: gamerEmail } = await target();
      const added = await call(ctx.app, support, 'POST', `${U}/users/${gamer}/game-accounts`, {
        username: 'ChiefAlias',
        // A tag in the game's alphabet, unique per run (the PostgreSQL database outlives a run).
        playerTag: `#${[...stamp].map((c) => '0289PYLQGRJCUV'[parseInt(c, 36) % 14]).join('')}`,
      });
      expect(added.statusCode).toBe(201);
      const aliasOf = async (email: string) => {
        const response = await call(ctx.app, support, 'GET', `${U}/users?filter[search]=${email}`);
        return adminUserListDocument.parse(response.json()).data[0]?.attributes.alias;
      };
      expect(await aliasOf(plain.email)).toBe(plain.email);
      expect(await aliasOf(named.email)).toBe('Ada Lovelace');
      expect(await aliasOf(gamerEmail)).toBe('ChiefAlias');
      // The activity log names who acted by the same alias.
      await call(ctx.app, support, 'POST', `${U}/users/${plain.id}/suspend`, { reason: 'Alias check' });
      const log = await call(
        ctx.app,
        support,
        'GET',
        `${U}/activity-log?filter[action]=user.suspend&filter[target]=users:${plain.id}`,
      );
      const [entry] = activityLogListDocument.parse(log.json()).data;
      expect(entry!.attributes.userAlias).toBe('support-agent');
    });

    it('suspension stops the tokens at once, refuses sign-in, and unsuspend restores the account', async () => {
      const { id, email } = await target();
      const token = (await login(ctx.app, email, PASSWORD)).json().data.attributes.token.value;
      expect((await call(ctx.app, token, 'GET', `${U}/user`)).statusCode).toBe(200);

      const suspended = await call(ctx.app, support, 'POST', `${U}/users/${id}/suspend`, {
        reason: 'Win trading',
      });
      expect(suspended.json().data.attributes).toMatchObject({
        suspended: true,
        suspensionReason: 'Win trading',
      });
      expect((await call(ctx.app, token, 'GET', `${U}/user`)).statusCode).toBe(401);
      const refused = await login(ctx.app, email, PASSWORD);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errors[0].detail).toBe('This account is suspended');

      await call(ctx.app, support, 'POST', `${U}/users/${id}/unsuspend`);
      expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a suspension without a reason and support acting on an admin', async () => {
      const { id } = await target();
      const empty = await call(ctx.app, support, 'POST', `${U}/users/${id}/suspend`, { reason: ' ' });
      expect(empty.statusCode).toBe(400);
      const onAdmin = await call(ctx.app, support, 'POST', `${U}/users/${callers.ids.admin}/suspend`, {
        reason: 'x',
      });
      expect(onAdmin.statusCode).toBe(403);
    });

    it('resets a password through the outbox mail: single use, and the old password stops working', async () => {
      const { id, email } = await target();
      expect((await call(ctx.app, support, 'POST', `${U}/users/${id}/password/reset`)).statusCode).toBe(204);
      const mail = await latestMailTo(email);
      expect(mail?.subject).toBe('Reset your Clan War Hub password');
      const token = resetTokenIn(mail!.text);
      const change = (password: string) =>
        call(ctx.app, null, 'POST', `${U}/user/password/reset/change`, { token, password });
      expect((await change('brand-new-password')).statusCode).toBe(204);
      expect((await change('another-password')).json().errors[0].code).toBe('INVALID_TOKEN');
      expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(401);
      expect((await login(ctx.app, email, 'brand-new-password')).statusCode).toBe(200);
    });

    it('the reset mail goes only to the account, with an absolute link to PUBLIC_URL, in the language set on the user', async () => {
      const { id, email } = await target();
      const other = await target();
      expect((await call(ctx.app, support, 'PATCH', `${U}/users/${id}`, { locale: 'fr' })).statusCode).toBe(
        200,
      );
      expect((await call(ctx.app, support, 'POST', `${U}/users/${id}/password/reset`)).statusCode).toBe(204);
      const mail = (await latestMailTo(email))!;
      expect(mail.subject).toBe('Réinitialisez votre mot de passe Clan War Hub');
      const code = /Code de réinitialisation : (\S+)/.exec(mail.text)?.[1] ?? '';
      expect(code).not.toBe('');
      expect(mail.text).toContain(
        `https://hub.example.test/fr/admin/password-reset?token=${encodeURIComponent(code)}`,
      );
      // Nobody else gets it: not the support agent who asked, not another account.
      expect(await latestMailTo(other.email)).toBeUndefined();
      expect(await latestMailTo(`support-agent@role.test`)).toBeUndefined();
      const all = await call(ctx.app, support, 'GET', `${U}/mail-outbox?page[size]=100`);
      const withCode = all
        .json()
        .data.filter((m: { attributes: { text: string } }) => m.attributes.text.includes(code));
      expect(withCode.map((m: { attributes: { to: string } }) => m.attributes.to)).toEqual([email]);
    });

    it('a self-service reset mail without a stored language is in the language of the request', async () => {
      const { email } = await target();
      const asked = await ctx.app.inject({
        method: 'POST',
        url: `${U}/user/password/reset`,
        headers: { 'content-type': 'application/vnd.api+json', 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
        payload: JSON.stringify({ data: { attributes: { email } } }),
      });
      expect(asked.statusCode, asked.body).toBe(204);
      const mail = (await latestMailTo(email))!;
      expect(mail.subject).toBe('Setze dein Clan War Hub-Passwort zurück');
      expect(mail.text).toMatch(/^https:\/\/hub\.example\.test\/de\/admin\/password-reset\?token=\S+$/m);
    });

    it('answers a self-service reset the same for known and unknown e-mails; only the known one gets mail', async () => {
      const { email } = await target();
      const known = await call(ctx.app, null, 'POST', `${U}/user/password/reset`, { email });
      const unknown = await call(ctx.app, null, 'POST', `${U}/user/password/reset`, {
        email: 'nobody@users.test',
      });
      expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
      expect(await latestMailTo(email)).toBeDefined();
      expect(await latestMailTo('nobody@users.test')).toBeUndefined();
    });

    it('changes the own password only with the current one', async () => {
      const { email } = await target();
      const token = (await login(ctx.app, email, PASSWORD)).json().data.attributes.token.value;
      const wrong = await call(ctx.app, token, 'POST', `${U}/user/password/change`, {
        currentPassword: 'nope',
        password: 'changed-password',
      });
      expect(wrong.statusCode).toBe(400);
      const right = await call(ctx.app, token, 'POST', `${U}/user/password/change`, {
        currentPassword: PASSWORD,
        password: 'changed-password',
      });
      expect(right.statusCode).toBe(204);
      expect((await login(ctx.app, email, 'changed-password')).statusCode).toBe(200);
    });

    it('lets an admin make someone an organizer of an event, effective on their next call', async () => {
      const { id, email } = await target();
      const patched = await call(ctx.app, callers.tokens.admin, 'PATCH', `${U}/users/${id}`, {
        permissions: ['organizer'],
        organizerEventIds: [callers.eventId],
      });
      expect(patched.json().data.attributes).toMatchObject({
        permissions: ['organizer'],
        organizerEventIds: [callers.eventId],
      });
      const token = (await login(ctx.app, email, PASSWORD)).json().data.attributes.token.value;
      const clone = await call(
        ctx.app,
        token,
        'POST',
        `/api/tournaments/1.0/events/${callers.eventId}/clone`,
        {
          name: 'By the new organizer',
          offset: { days: 7 },
        },
      );
      expect(clone.statusCode).toBe(201);
    });

    it('reads the activity log with filters and before/after, and groups a user’s actions by IP', async () => {
      const { id } = await target();
      await call(ctx.app, support, 'POST', `${U}/users/${id}/suspend`, { reason: 'Audit me' });
      const filtered = await call(
        ctx.app,
        support,
        'GET',
        `${U}/activity-log?filter[action]=user.suspend&filter[target]=users:${id}&filter[user]=${callers.ids.support}`,
      );
      const entries = activityLogListDocument.parse(filtered.json()).data;
      expect(entries).toHaveLength(1);
      expect(entries[0]!.attributes).toMatchObject({
        action: 'user.suspend',
        targetType: 'users',
        targetId: id,
        ipAddress: '127.0.0.1',
        before: { suspendedAt: null, suspensionReason: null },
        after: { suspensionReason: 'Audit me' },
      });
      expect(entries[0]!.relationships.user.data?.id).toBe(callers.ids.support);
      const future = await call(
        ctx.app,
        support,
        'GET',
        `${U}/activity-log?filter[date.from]=2099-01-01T00:00:00Z`,
      );
      expect(future.json().data).toEqual([]);

      const groups = await call(
        ctx.app,
        support,
        'GET',
        `${U}/activity-log/groups/users/${callers.ids.support}`,
      );
      const body = activityLogGroupListDocument.parse(groups.json());
      expect(body.data.map((g) => g.attributes.ipAddress)).toEqual(['127.0.0.1']);
      expect(body.data[0]!.attributes.count).toBeGreaterThanOrEqual(1);
    });
  },
  // The hub's public address (PUBLIC_URL) that mail links start with.
  {
    config: {
      mail: { smtpUrl: undefined, from: 'Hub <hub@example.test>', publicUrl: 'https://hub.example.test' },
    },
  },
);
