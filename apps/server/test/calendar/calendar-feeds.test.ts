import { API, CALENDAR_FEED_PATHS } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchSeries, matchSeriesCompetitors, rosters, segments } from '../../src/db/schema/index.js';
import { call } from '../admin/admin-fixtures.js';
import { describeEachDatabase, loginAsAdmin } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

const T = API.tournaments;

/** The feed parsed by ical.js (a real RFC 5545 parser): throws on anything it cannot read. */
function parse(body: string) {
  return new ICAL.Component(ICAL.parse(body));
}

function eventsOf(calendar: ICAL.Component) {
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue('uid')),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    start: vevent.getFirstPropertyValue('dtstart') as ICAL.Time,
    end: vevent.getFirstPropertyValue('dtend') as ICAL.Time,
    stamp: vevent.getFirstPropertyValue('dtstamp') as ICAL.Time,
    modified: vevent.getFirstPropertyValue('last-modified') as ICAL.Time | null,
    summary: String(vevent.getFirstPropertyValue('summary')),
    url: vevent.getFirstPropertyValue('url') as string | null,
  }));
}

/** The RFC 5545 rules calendar apps trip on: CRLF only, no line over 75 octets. */
function expectWellFormed(body: string) {
  expect(body.endsWith('\r\n') || body.endsWith('END:VCALENDAR')).toBe(true);
  expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
}

/**
 * Calendar feeds (issue #34): a team's and an event's iCalendar feeds, read through HTTP and parsed
 * by ical.js; stable UIDs, a reschedule that moves the entry (same UID, higher SEQUENCE, new DTSTART),
 * the languages, the refusals, the cache.
 */
describeEachDatabase('calendar feeds', (ctx) => {
  let admin = '';
  let eventId = '';
  let rosterIds: string[] = [];
  let ladderSeriesId = '';
  const db = () => ctx.database.db;
  const read = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    const ladder = await ladderSegment(db());
    eventId = ladder.eventId;
    const captains = await createCaptains(db(), {
      count: 8,
      offset: 9300,
      parentSegmentId: ladder.parentId,
      eventId,
      now: ctx.now,
    });
    rosterIds = captains.map((c) => c.rosterId);
    // A long name in a multi-byte script: the feed must fold it at 75 octets, not 75 characters.
    await db()
      .update(rosters)
      .set({ name: 'クラン戦の王者たち・東京本部・第一部隊・精鋭チーム・二〇二六年シーズン' })
      .where(eq(rosters.id, rosterIds[0]!));
    admin = (await loginAsAdmin(ctx.app)).token.value;
    // A ladder series where the team plays away.
    const date = new Date(ctx.now.getTime() + 3 * 3600_000);
    const [row] = await db()
      .insert(matchSeries)
      .values({
        tenant: 'global',
        eventId,
        segmentId: ladder.ladderId,
        date,
        state: 'upcoming',
        createdAt: ctx.now,
      })
      .returning();
    ladderSeriesId = row!.id;
    await db()
      .insert(matchSeriesCompetitors)
      .values(
        [rosterIds[1]!, rosterIds[0]!].map((rosterId, position) => ({
          matchSeriesId: row!.id,
          position,
          rosterId,
          date,
        })),
      );
    // A swiss stage of the monthly qualifier with the 8 teams: the event's scheduled matches.
    const [mq] = await db().select().from(segments).where(eq(segments.slug, 'monthly-qualifier'));
    const startsAt = new Date(ctx.now.getTime() + 24 * 3600_000).toISOString();
    const stage = await call(ctx.app, admin, 'POST', `${T}/segments/${mq!.id}/bracket`, {
      rosterIds,
      rounds: 3,
      startsAt,
    });
    expect(stage.statusCode, stage.body).toBe(201);
    // The qualifier's check-in window, set as the console does (a write: the trigger counts it).
    const window = { from: new Date(ctx.now.getTime() + 23 * 3600_000).toISOString(), to: startsAt };
    await db()
      .update(segments)
      .set({ checkinsConfig: { enabled: true, openWindow: window } })
      .where(eq(segments.id, mq!.id));
  });

  describe('a team feed', () => {
    it('is a valid iCalendar document: text/calendar, CRLF, folded, VERSION, PRODID, METHOD, name, refresh', async () => {
      const response = await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expectWellFormed(response.body);
      const calendar = parse(response.body);
      expect(calendar.name).toBe('vcalendar');
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Clan War Hub');
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toContain('クラン戦の王者たち');
      expect(calendar.getFirstProperty('refresh-interval')).not.toBeNull();
      expect(calendar.getFirstProperty('x-published-ttl')).not.toBeNull();
    });

    it("holds the team's ladder and stage matches, from its side, in UTC, 50 minutes long, with the match page", async () => {
      const calendar = parse((await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!))).body);
      const entries = eventsOf(calendar);
      const ladder = entries.find((e) => e.uid === `${ladderSeriesId}@match-series.clan-war-hub`);
      expect(ladder).toBeDefined();
      // Away in the series, the team still comes first in its own feed.
      expect(ladder!.summary.startsWith('クラン戦の王者たち')).toBe(true);
      expect(ladder!.summary).toContain(' vs Sim Clan 9301 · ');
      expect(ladder!.start.zone?.tzid).toBe('UTC');
      expect(ladder!.start.toJSDate().toISOString()).toBe(
        new Date(ctx.now.getTime() + 3 * 3600_000).toISOString(),
      );
      expect(ladder!.end.toJSDate().getTime() - ladder!.start.toJSDate().getTime()).toBe(50 * 60_000);
      expect(ladder!.url).toBe(`${ctx.config.mail.publicUrl}/match/${ladderSeriesId}`);
      expect(ladder!.sequence).toBe(0);
      // The swiss stage's first round gives every team one series.
      expect(entries.length).toBeGreaterThanOrEqual(2);
      for (const entry of entries) {
        expect(entry.uid).toMatch(/^[0-9a-f-]{36}@match-series\.clan-war-hub$/);
        expect(entry.stamp).not.toBeNull();
      }
    });

    it('gives the same UIDs on every read (the same document: the cache answers 304 to its ETag)', async () => {
      const first = await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!));
      const second = await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!));
      const uids = (body: string) => eventsOf(parse(body)).map((e) => e.uid);
      expect(uids(second.body)).toEqual(uids(first.body));
      const etag = String(first.headers.etag);
      const revalidated = await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!), { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
    });

    it('moves a rescheduled match: same UID, higher SEQUENCE, new DTSTART and DTEND, newer LAST-MODIFIED', async () => {
      const uid = `${ladderSeriesId}@match-series.clan-war-hub`;
      const before = eventsOf(parse((await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!))).body)).find(
        (e) => e.uid === uid,
      )!;
      const moved = new Date(ctx.now.getTime() + 30 * 3600_000);
      const patched = await call(ctx.app, admin, 'PATCH', `${T}/match-series/${ladderSeriesId}`, {
        date: moved.toISOString(),
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const after = eventsOf(parse((await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!))).body));
      const entry = after.filter((e) => e.uid === uid);
      expect(entry).toHaveLength(1);
      expect(entry[0]!.sequence).toBeGreaterThan(before.sequence);
      expect(entry[0]!.start.toJSDate().toISOString()).toBe(moved.toISOString());
      expect(entry[0]!.end.toJSDate().getTime()).toBe(moved.getTime() + 50 * 60_000);
      expect(entry[0]!.modified!.compare(before.modified!)).toBe(1);
      expect(entry[0]!.stamp.compare(before.stamp)).toBe(1);
      // The state alone is not a reschedule: the revision stays.
      await call(ctx.app, admin, 'PATCH', `${T}/match-series/${ladderSeriesId}`, { state: 'scheduled' });
      const again = eventsOf(parse((await read(CALENDAR_FEED_PATHS.roster(rosterIds[0]!))).body));
      expect(again.find((e) => e.uid === uid)!.sequence).toBe(entry[0]!.sequence);
    });
  });

  describe('an event feed', () => {
    it("holds the event's stages, the check-in window and the stage's matches (no ladder series)", async () => {
      const response = await read(CALENDAR_FEED_PATHS.event(eventId));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expectWellFormed(response.body);
      const entries = eventsOf(parse(response.body));
      const [mq] = await db().select().from(segments).where(eq(segments.slug, 'monthly-qualifier'));
      const stage = entries.find((e) => e.uid === `${mq!.id}@stage.clan-war-hub`);
      expect(stage?.summary).toBe(mq!.name);
      const checkIn = entries.find((e) => e.uid === `${mq!.id}@check-in.clan-war-hub`);
      expect(checkIn?.summary).toBe(`Check-in window: ${mq!.name}`);
      expect(checkIn!.end.toJSDate().toISOString()).toBe(
        new Date(ctx.now.getTime() + 24 * 3600_000).toISOString(),
      );
      // Setting the window was a change of the stage's schedule.
      expect(checkIn!.sequence).toBe(1);
      const matches = entries.filter((e) => e.uid.endsWith('@match-series.clan-war-hub'));
      expect(matches.length).toBeGreaterThanOrEqual(4);
      expect(matches.some((e) => e.uid.startsWith(ladderSeriesId))).toBe(false);
      for (const match of matches) expect(match.url).toMatch(/\/match\/[0-9a-f-]{36}$/);
    });
  });

  describe('languages and refusals', () => {
    it('writes the texts in the language asked for (lang), match pages under its prefix', async () => {
      const response = await read(`${CALENDAR_FEED_PATHS.roster(rosterIds[0]!)}?lang=fr`);
      expect(response.statusCode).toBe(200);
      const calendar = parse(response.body);
      expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toContain('· matchs · Clan War Hub');
      const ladder = eventsOf(calendar).find((e) => e.uid.startsWith(ladderSeriesId))!;
      expect(ladder.summary).toContain(' contre Sim Clan 9301 · ');
      expect(ladder.url).toBe(`${ctx.config.mail.publicUrl}/fr/match/${ladderSeriesId}`);
      const jp = parse((await read(`${CALENDAR_FEED_PATHS.event(eventId)}?lang=jp`)).body);
      expect(eventsOf(jp).some((e) => e.summary.startsWith('チェックイン受付期間：'))).toBe(true);
    });

    it('answers an unknown roster or event with a JSON:API 404, a bad lang or id with a 400', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const url of [CALENDAR_FEED_PATHS.roster(unknown), CALENDAR_FEED_PATHS.event(unknown)]) {
        const response = await read(url);
        expect(response.statusCode).toBe(404);
        expect(response.json().errors[0].code).toBe('NOT_FOUND');
      }
      const badLang = await read(`${CALENDAR_FEED_PATHS.event(eventId)}?lang=xx`);
      expect(badLang.statusCode).toBe(400);
      expect(badLang.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        source: { parameter: 'lang' },
      });
      expect(badLang.json().errors[0].detail).toContain('en, fr, it, de, es, pt, jp, ko, zh_TW');
      expect((await read(CALENDAR_FEED_PATHS.event('not-a-uuid'))).statusCode).toBe(400);
    });
  });
});
