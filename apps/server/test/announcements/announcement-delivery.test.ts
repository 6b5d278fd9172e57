import { announcementSettingsDocument } from '@cwh/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { matchSeries, rosters, segments } from '../../src/db/schema/index.js';
import type { AnnouncementsConfig } from '../../src/features/announcements/announcements-config.js';
import { type Callers, call, createCallers, T } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { type DiscordStandIn, startDiscordStandIn } from './discord-stand-in.js';

/** Filled once the stand-in listens: the app reads the same array (its allowed webhook bases). */
const bases: string[] = [];
const config: AnnouncementsConfig = {
  webhookBases: bases,
  retry: { maxAttempts: 4, baseDelaySeconds: 1, maxDelaySeconds: 5 },
  timeoutMs: 5_000,
};
/** The job worker looks every 2 s; a retry waits its delay on top. */
const ARRIVAL = { timeout: 25_000, interval: 100 };
/** Far after the test clock: the stages' check-in deadline jobs never come due during the tests. */
const STARTS_AT = '2030-01-01T18:00:00Z';

/**
 * Event announcements delivered to a local HTTP server standing in for Discord (issue #34): the
 * text in the event's language, retries after a 500, Discord's 429 retry_after, a refusing webhook
 * that is recorded for the console and never undoes the result that caused the announcement.
 */
describeEachDatabase(
  'event announcements: delivery to the chat',
  (ctx) => {
    let discord: DiscordStandIn;
    let callers: Callers;
    let rosterIds: string[] = [];
    const db = () => ctx.database.db;
    /** The finals stage the finals test creates; the refusing-webhook test plays on in it. */
    let finalsStageId = '';

    beforeAll(async () => {
      discord = await startDiscordStandIn();
      bases.splice(0, bases.length, discord.base);
      callers = await createCallers(ctx);
      const ladder = await ladderSegment(db());
      const captains = await createCaptains(db(), {
        count: 8,
        offset: 8600,
        parentSegmentId: ladder.parentId,
        eventId: ladder.eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
    });
    afterAll(async () => {
      await discord?.close();
    });

    const settingsUrl = (eventId: string) => `${T}/events/${eventId}/announcements`;
    const setWebhook = async (eventId: string, webhookUrl: string, locale = 'en') => {
      const response = await call(ctx.app, callers.tokens.organizer, 'PUT', settingsUrl(eventId), {
        webhookUrl,
        locale,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const settings = async (eventId: string) =>
      announcementSettingsDocument.parse(
        (await call(ctx.app, callers.tokens.organizer, 'GET', settingsUrl(eventId))).json(),
      ).data.attributes;
    const sendTest = async (eventId: string) => {
      const response = await call(ctx.app, callers.tokens.organizer, 'POST', `${settingsUrl(eventId)}/test`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.attributes.recent[0].id as string;
    };
    const delivery = async (eventId: string, id: string) =>
      (await settings(eventId)).recent.find((r) => r.id === id);
    const segmentBySlug = async (slug: string) =>
      (await db().select().from(segments).where(eq(segments.slug, slug)))[0]!;
    const rosterNames = async (ids: string[]) =>
      new Map(
        (await db().select().from(rosters).where(inArray(rosters.id, ids))).map((r) => [
          r.id,
          r.name ?? r.clanTag ?? r.id,
        ]),
      );

    it("a test message arrives in the event's language, pinging nobody", async () => {
      const hook = discord.hook('hello');
      await setWebhook(callers.eventId, hook, 'fr');
      const id = await sendTest(callers.eventId);
      await vi.waitFor(() => expect(discord.to(hook)).toHaveLength(1), ARRIVAL);
      const [message] = discord.to(hook);
      expect(message!.body.content).toBe('Message de test de Clan War Hub');
      expect(message!.body.embeds?.[0]?.description).toMatch(/^Les annonces de .+ seront publiées ici\.$/);
      expect(message!.body.allowed_mentions).toEqual({ parse: [] });
      await vi.waitFor(
        async () =>
          expect(await delivery(callers.eventId, id)).toMatchObject({ status: 'sent', attempts: 1 }),
        ARRIVAL,
      );
    });

    it('a 500 is retried, and the message is delivered once', async () => {
      const hook = discord.hook('flaky', [{ status: 500 }, { status: 500 }]);
      await setWebhook(callers.eventId, hook);
      const id = await sendTest(callers.eventId);
      await vi.waitFor(
        async () =>
          expect(await delivery(callers.eventId, id)).toMatchObject({ status: 'sent', attempts: 3 }),
        ARRIVAL,
      );
      const requests = discord.to(hook);
      expect(requests).toHaveLength(3);
      expect(requests.map((r) => r.body.content)).toEqual(Array(3).fill('Test message from Clan War Hub'));
      expect((await settings(callers.eventId)).lastFailure).toBeNull();
    });

    it("a 429 waits Discord's retry_after before the next attempt", async () => {
      const limited = { message: 'You are being rate limited.', retry_after: 3, global: false };
      const hook = discord.hook('limited', [{ status: 429, body: limited }]);
      await setWebhook(callers.eventId, hook);
      const id = await sendTest(callers.eventId);
      await vi.waitFor(
        async () =>
          expect(await delivery(callers.eventId, id)).toMatchObject({ status: 'sent', attempts: 2 }),
        ARRIVAL,
      );
      const [first, second] = discord.to(hook);
      // A lower bound only: the retry is due retry_after after the 429 was answered.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(3_000);
    });

    it('a stage start and a finals result reach the chat with the teams and the score', async () => {
      const finals = await segmentBySlug('monthly-finals');
      const hook = discord.hook('finals');
      await setWebhook(finals.eventId, hook);
      const teams = rosterIds.slice(0, 4);
      const created = await call(
        ctx.app,
        callers.tokens.admin,
        'POST',
        `${T}/segments/${finals.id}/bracket`,
        {
          rosterIds: teams,
          startsAt: STARTS_AT,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      finalsStageId = created.json().data.id;
      const stage = finals.name;
      await vi.waitFor(() => expect(discord.to(hook)).toHaveLength(1), ARRIVAL);
      expect(discord.to(hook)[0]!.body.content).toBe(`${stage} has started`);
      expect(discord.to(hook)[0]!.body.embeds?.[0]?.description).toContain('4 teams take part');

      const { seriesId, home, away } = await playableSeries(created.json().data.id);
      const result = await enterResult(seriesId, 9, 4);
      expect(result.statusCode, result.body).toBe(200);
      const names = await rosterNames([home, away]);
      await vi.waitFor(() => expect(discord.to(hook)).toHaveLength(2), ARRIVAL);
      expect(discord.to(hook)[1]!.body.content).toBe(`${stage}: ${names.get(home)} 9 – 4 ${names.get(away)}`);
      expect(discord.to(hook)[1]!.body.embeds?.[0]?.description).toBe(`${names.get(home)} wins.`);
    });

    it('a refusing webhook (404) is not retried, is shown to the organizer, and the result stays recorded', async () => {
      const finals = await segmentBySlug('monthly-finals');
      const unknown = { message: 'Unknown Webhook', code: 10015 };
      const hook = discord.hook('gone', [{ status: 404, body: unknown }]);
      await setWebhook(finals.eventId, hook);
      const { seriesId } = await playableSeries(finalsStageId);
      const result = await enterResult(seriesId, 3, 8);
      expect(result.statusCode, result.body).toBe(200);
      await vi.waitFor(async () => {
        const seen = await settings(finals.eventId);
        expect(seen.lastFailure).toMatchObject({ status: 404 });
        expect(seen.lastFailure?.detail).toContain('Unknown Webhook');
        expect(seen.recent[0]).toMatchObject({ kind: 'finalsResult', status: 'failed', attempts: 1 });
      }, ARRIVAL);
      expect(discord.to(hook)).toHaveLength(1);
      const [row] = await db().select().from(matchSeries).where(eq(matchSeries.id, seriesId));
      expect(row!.state).toBe('finished');
    });

    it('an advancement names the teams that advance, best first', async () => {
      const qualifier = await segmentBySlug('monthly-qualifier');
      const finals = await segmentBySlug('monthly-finals');
      const hook = discord.hook('advance');
      await setWebhook(qualifier.eventId, hook);
      const created = await call(
        ctx.app,
        callers.tokens.admin,
        'POST',
        `${T}/segments/${qualifier.id}/bracket`,
        { rosterIds: rosterIds.slice(4, 8), wins: 1, losses: 1, startsAt: STARTS_AT },
      );
      expect(created.statusCode, created.body).toBe(201);
      const round = await stageSeries(created.json().data.id);
      const winners: string[] = [];
      for (const series of round) {
        expect((await enterResult(series.id, 9, 4)).statusCode).toBe(200);
        winners.push(series.attributes.competitors[0]!.roster!.id);
      }
      const advanced = await call(
        ctx.app,
        callers.tokens.admin,
        'POST',
        `${T}/segments/${qualifier.id}/advance`,
        {
          rules: [{ id: 'winners', nextSegmentId: finals.id, qualified: true }],
        },
      );
      expect(advanced.statusCode, advanced.body).toBe(200);
      const ranked = (advanced.json().data as { attributes: { roster: { id: string }; outcome: string } }[])
        .filter((d) => d.attributes.outcome === 'qualified')
        .map((d) => d.attributes.roster.id);
      expect([...ranked].sort()).toEqual([...winners].sort());
      const names = await rosterNames(ranked);
      const stage = qualifier.name;
      await vi.waitFor(
        () =>
          expect(discord.to(hook).map((r) => r.body.content)).toContain(`${stage}: the teams that advance`),
        ARRIVAL,
      );
      const message = discord.to(hook).find((r) => r.body.content === `${stage}: the teams that advance`);
      expect(message!.body.embeds?.[0]?.description).toBe(ranked.map((id) => names.get(id)).join(', '));
    });

    type Series = {
      id: string;
      attributes: { state: string; competitors: { roster: { id: string } | null }[] };
    };
    async function stageSeries(stageId: string): Promise<Series[]> {
      return (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json()
        .data;
    }
    async function playableSeries(stageId: string) {
      const open = (await stageSeries(stageId)).find(
        (s) => s.attributes.state !== 'finished' && s.attributes.competitors.every((c) => c.roster),
      )!;
      const [home, away] = open.attributes.competitors.map((c) => c.roster!.id) as [string, string];
      return { seriesId: open.id, home, away };
    }
    function enterResult(seriesId: string, homeStars: number, awayStars: number) {
      return call(
        ctx.app,
        callers.tokens.admin,
        'PATCH',
        `${T}/match-series/${seriesId}/relationships/matches/results`,
        {
          homeStars,
          awayStars,
          reason: 'war log',
        },
      );
    }
  },
  { config: { announcements: config } },
);
