import { announcementSettingsDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, eventAnnouncementSettings, eventAnnouncements } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  T,
} from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';

const TOKEN = 'Abc_def-GHI0123456789jklMNOpqrSTUvwxYZ0123456789abcdefWXYZ';
const discord = (id: string) => `https://discord.com/api/webhooks/${id}/${TOKEN}`;

/**
 * The organizer's webhook setting of an event (issue #34): who may read, set and test it, what a
 * webhook must look like, and that the address (a secret) is never answered or logged in full.
 * No job worker runs here: nothing is posted anywhere.
 */
describeEachDatabase(
  'event announcements: the webhook setting',
  (ctx) => {
    let callers: Callers;
    beforeAll(async () => {
      callers = await createCallers(ctx);
    });
    const url = (eventId = callers.eventId) => `${T}/events/${eventId}/announcements`;
    const stored = async (eventId: string) =>
      (
        await ctx.database.db
          .select()
          .from(eventAnnouncementSettings)
          .where(eq(eventAnnouncementSettings.eventId, eventId))
      )[0] ?? null;

    describe('role × action', () => {
      it.each(ROLES)('%s: PUT sets the webhook only for the organizer and admins', async (role) => {
        const webhook = discord(`1000000000000${ROLES.indexOf(role)}`);
        const response = await call(ctx.app, callers.tokens[role], 'PUT', url(), { webhookUrl: webhook });
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, 200));
        const saved = (await stored(callers.eventId))?.webhookUrl;
        if (response.statusCode === 200) expect(saved).toBe(webhook);
        else expect(saved).not.toBe(webhook);
      });

      it.each(ROLES)('%s: GET reads the setting only as the organizer or an admin', async (role) => {
        const response = await call(ctx.app, callers.tokens[role], 'GET', url());
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, 200));
        if (response.statusCode !== 200) expect(response.body).not.toContain(TOKEN.slice(0, 20));
      });

      it.each(ROLES)(
        '%s: POST …/test queues a test message only for the organizer and admins',
        async (role) => {
          const before = (await ctx.database.db.select().from(eventAnnouncements)).length;
          const response = await call(ctx.app, callers.tokens[role], 'POST', `${url()}/test`);
          expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, 200));
          const after = (await ctx.database.db.select().from(eventAnnouncements)).length;
          expect(after - before).toBe(response.statusCode === 200 ? 1 : 0);
        },
      );

      it("the organizer of another event cannot set this one's webhook, but sets their own", async () => {
        const token = callers.tokens['organizer of another event'];
        const own = await call(ctx.app, token, 'PUT', url(callers.otherEventId), {
          webhookUrl: discord('20000000000001'),
          locale: 'de',
        });
        expect(own.statusCode, own.body).toBe(200);
        expect(announcementSettingsDocument.parse(own.json()).data.attributes.locale).toBe('de');
      });
    });

    it('answers the address masked and logs it masked: the token never leaves the server', async () => {
      const webhook = discord('30000000000001');
      const response = await call(ctx.app, callers.tokens.organizer, 'PUT', url(), {
        webhookUrl: webhook,
        locale: 'fr',
      });
      expect(response.statusCode, response.body).toBe(200);
      const attributes = announcementSettingsDocument.parse(response.json()).data.attributes;
      expect(attributes.webhookUrl).toBe('https://discord.com/api/webhooks/30000000000001/••••WXYZ');
      expect(attributes.locale).toBe('fr');
      expect(response.body).not.toContain(TOKEN.slice(0, -4));
      const read = await call(ctx.app, callers.tokens.admin, 'GET', url());
      expect(read.body).not.toContain(TOKEN.slice(0, -4));
      const entries = await ctx.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.action, 'event.announcements.update'));
      expect(entries.length).toBeGreaterThan(0);
      expect(JSON.stringify(entries)).not.toContain(TOKEN.slice(0, -4));
      expect(entries.at(-1)?.after).toEqual({ webhookUrl: attributes.webhookUrl, locale: 'fr' });
    });

    it.each([
      ['another site', `https://example.com/api/webhooks/1/${TOKEN}`],
      ['plain http', `http://discord.com/api/webhooks/1234567890/${TOKEN}`],
      ['a webhook without its token', 'https://discord.com/api/webhooks/1234567890'],
      ['not an address at all', 'discord webhook please'],
    ])('refuses %s (VALIDATION_FAILED on webhookUrl) and keeps the webhook it had', async (_why, bad) => {
      const before = await stored(callers.eventId);
      const response = await call(ctx.app, callers.tokens.organizer, 'PUT', url(), { webhookUrl: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        source: { pointer: '/data/attributes/webhookUrl' },
      });
      expect(response.body).not.toContain(bad);
      expect(await stored(callers.eventId)).toEqual(before);
    });

    it('without an address the webhook stays and only the language changes', async () => {
      const before = await stored(callers.eventId);
      const response = await call(ctx.app, callers.tokens.organizer, 'PUT', url(), { locale: 'ko' });
      expect(response.statusCode, response.body).toBe(200);
      expect(await stored(callers.eventId)).toMatchObject({ webhookUrl: before?.webhookUrl, locale: 'ko' });
      const fresh = await call(ctx.app, callers.tokens.organizer, 'PUT', url(callers.otherEventId), {});
      expect(fresh.statusCode).toBe(403);
    });

    it('null removes the webhook; a test message is then refused (CONFLICT)', async () => {
      const removed = await call(ctx.app, callers.tokens.admin, 'PUT', url(), { webhookUrl: null });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().data.attributes.webhookUrl).toBeNull();
      expect(await stored(callers.eventId)).toBeNull();
      const test = await call(ctx.app, callers.tokens.admin, 'POST', `${url()}/test`);
      expect(test.statusCode).toBe(409);
      expect(test.json().errors[0].code).toBe('CONFLICT');
      const noAddress = await call(ctx.app, callers.tokens.admin, 'PUT', url(), { locale: 'de' });
      expect(noAddress.statusCode).toBe(400);
      expect(noAddress.json().errors[0].source).toEqual({ pointer: '/data/attributes/webhookUrl' });
    });

    it('an unknown event is NOT_FOUND for an admin', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      const response = await call(ctx.app, callers.tokens.admin, 'PUT', url(missing), {
        webhookUrl: discord('40000000000001'),
      });
      expect(response.statusCode).toBe(404);
    });
  },
  // No job worker: the test messages queued here are never posted.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
