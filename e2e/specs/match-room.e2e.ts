import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminDisputesPage, MatchDisputePage } from '../pages/disputes.page.js';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { MatchRoomPage } from '../pages/match-room.page.js';
import { VerifyPage } from '../pages/session.page.js';
import { ApiClient } from '../support/api-client.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * The match room (issue #13), two captains in two browser contexts: one on a 360 px phone (the
 * game's web view), one on a desktop. The organizer sets up a pick and ban (a category, four
 * items, ban-ban-pick-pick from the home side) on a new final; the captains veto in turn on the
 * match page, one turn runs out and the hub chooses; each sees every step live. They chat; the
 * organizer removes a message. The result is recorded; the home captain disputes it with a reason
 * and a screenshot, the other is told live; the organizer (console, 1280 px) corrects it from the
 * Disputes queue; both captains see the corrected result. Own server: it adds a segment.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const T = '/api/tournaments/1.0';
const PB = '/api/pickban/1.0';
const CLANS = ['#2Y0PQ9LC', '#9RJGCUV2'];
const ITEMS = ['Heroes off', 'No spells', 'Siege only', 'Night mode'];
const REASON = 'The away clan attacked after the war ended';

/** A small PNG (a coloured block) with an eXIf chunk the hub strips. */
function screenshotPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const width = 120;
  const height = 80;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([200, 60, 40]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('eXIf', Buffer.from('MM\0*GPS secret', 'latin1')),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** Long enough for a captain to act under load; the time-out step waits for it once. */
const TURN_SECONDS = 30;

interface Series {
  id: string;
  attributes: { state: string; competitors: { roster: { id: string } | null; displayName: string | null }[] };
}

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let organizer: ApiClient;
let teams: LockedTeam[] = [];
let seriesId = '';
/** The two captains' match pages: home (starts the veto) and away. */
let home: MatchRoomPage;
let away: MatchRoomPage;
let homeName = '';
let awayName = '';
let stage = '';
/** The captains' phones, signed in before the final exists (its veto clock starts with it). */
let captains: Page[] = [];

/**
 * The organizer creates the final (two teams: the grand final is their match); its pick and ban
 * opens with it, and the captains open the match page at once.
 */
async function createFinal() {
  await organizer.call('POST', `${T}/segments/${stage}/bracket`, {
    data: {
      attributes: {
        format: 'double_elimination',
        rosterIds: teams.map((t) => t.rosterId),
        startsAt: iso(Date.now() + 3_600_000),
      },
    },
  });
  const info = await organizer.call<{ data: { id: string } }>('GET', `${T}/segments/${stage}/bracket/info`);
  const series = await organizer.call<{ data: Series[] }>(
    'GET',
    `${T}/bracket/${info.data.id}/match-series?page[size]=50`,
  );
  const first = series.data.find((s) => s.attributes.competitors.every((c) => c.roster));
  if (!first) throw new Error('the final has no series with both teams');
  seriesId = first.id;
  const [homeSide, awaySide] = first.attributes.competitors;
  const pageOf = (rosterId: string) => captains[teams.findIndex((t) => t.rosterId === rosterId)]!;
  homeName = homeSide!.displayName ?? '';
  awayName = awaySide!.displayName ?? '';
  home = new MatchRoomPage(pageOf(homeSide!.roster!.id));
  away = new MatchRoomPage(pageOf(awaySide!.roster!.id));
  await Promise.all([home.open(seriesId), away.open(seriesId)]);
}

/** The pages answer over sockets and a loaded machine: a poll waits up to 15 s. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 250 });

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function captainPage(tag: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 800 } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const verify = new VerifyPage(page);
  await verify.openVerify();
  await verify.quickPick(tag);
  await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
  return page;
}

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const ladder = new LadderApi(server.baseURL);
  const stageId = await ladder.championshipStageId();
  for (const tag of CLANS) await ladder.endWar(tag);
  teams = [];
  for (const tag of CLANS) teams.push(await ladder.lockTeam(tag, stageId));
  organizer = await new ApiClient(server.baseURL).login(ORGANIZER.email, ORGANIZER.password);
  const events = await organizer.call<{
    data: { id: string; attributes: { competition: string; status: string } }[];
  }>('GET', `${T}/events`);
  const eventId = events.data.find(
    (e) => e.attributes.competition === 'championship' && e.attributes.status === 'active',
  )!.id;

  // The organizer's set-up: a category with four items, and a final with a veto order.
  const category = await organizer.call<{ data: { id: string } }>('POST', `${PB}/categories`, {
    data: { attributes: { eventId, name: 'E2E war rules' } },
  });
  for (const [index, name] of ITEMS.entries()) {
    await organizer.call('POST', `${PB}/items`, {
      data: { attributes: { categoryId: category.data.id, name, sortOrder: index } },
    });
  }
  const now = Date.now();
  const segment = await organizer.call<{ data: { id: string } }>('POST', `${T}/events/${eventId}/segments`, {
    data: {
      attributes: {
        name: 'E2E Match Room Final',
        parentId: stageId,
        format: 'Match room e2e',
        stageCode: 'MF',
        eliminationType: 'double_elimination',
        type: 'double_elimination',
        configuration: { thLevel: 17, phase: null },
        segmentCheckinsConfig: { enabled: false, openWindow: null },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 8, standbyLimit: 0 },
        date: { from: iso(now - 3_600_000), to: iso(now + 86_400_000) },
      },
    },
  });
  const segmentId = segment.data.id;
  await organizer.call('PUT', `${PB}/segments/${segmentId}/veto`, {
    data: {
      attributes: {
        categoryId: category.data.id,
        steps: [
          { action: 'ban', count: 1 },
          { action: 'ban', count: 1 },
          { action: 'pick', count: 1 },
          { action: 'pick', count: 1 },
        ],
        starter: 'home',
        turnSeconds: TURN_SECONDS,
      },
    },
  });
  stage = segmentId;
  // The first captain on a phone in the game's web view (360 px), the second on a desktop.
  captains = await Promise.all(teams.map((team, i) => captainPage(team.captainTag, i === 0 ? 360 : 1280)));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the match room, two captains', () => {
  it('they veto in turn; a turn runs out and the hub chooses; both see every step live', async () => {
    await createFinal();
    await poll(() => home.phase()).toBe('mine');
    await poll(() => away.phase()).toBe('theirs');
    await home.page.screenshot({ path: '/tmp/match-room-veto-home-phone.png', fullPage: true });

    // Home bans; the away captain's board shows it without a reload (socket).
    await home.choose('Heroes off');
    await poll(() => away.announced()).toBe(`${homeName} banned Heroes off`);
    await poll(() => away.phase()).toBe('mine');
    await away.page.screenshot({ path: '/tmp/match-room-veto-away-phone.png', fullPage: true });

    // The away captain lets the turn run out: the hub bans one of the three left for them.
    await expect
      .poll(() => home.announced(), { timeout: (TURN_SECONDS + 20) * 1000, interval: 500 })
      .toMatch(
        new RegExp(
          `^${awayName} banned (No spells|Siege only|Night mode) \\(chosen by the hub: time ran out\\)$`,
        ),
      );
    await poll(() => away.announced()).toMatch(/\(chosen by the hub: time ran out\)$/);
    await poll(() => home.phase()).toBe('mine');

    // Home picks the first free item, away the last one.
    const free = (await home.page.getByTestId('veto-item').allTextContents()).map((text) => text.trim());
    expect(free).toHaveLength(2);
    await home.choose(free[0]!);
    await poll(() => away.phase()).toBe('mine');
    await away.choose(free[1]!);
    for (const room of [home, away]) {
      await poll(() => room.phase()).toBe('closed');
      expect(await room.picked()).toEqual([free[0], free[1]]);
      expect((await room.banned())[0]).toBe('Heroes off');
      expect((await room.steps()).at(-1)).toBe(`${awayName} picked ${free[1]}`);
    }
    await away.page.screenshot({ path: '/tmp/match-room-veto-closed-phone.png', fullPage: true });

    // The API agrees, and the result is public (signed out) once the veto is over.
    const anonymous = new ApiClient(server.baseURL);
    const result = await anonymous.call<{
      data: { attributes: { status: string; votes: { auto: boolean }[] } }[];
    }>('GET', `${PB}/challenges?filter[matchSeries.id]=${seriesId}`);
    expect(result.data[0]?.attributes.status).toBe('closed');
    expect(result.data[0]?.attributes.votes.map((v) => v.auto)).toEqual([false, true, false, false]);
  });

  it('they chat live; the organizer removes a message and both see it removed', async () => {
    // The veto's steps are in the room as notices; messages are text, markup shown as written.
    await home.chat().getByRole('log').waitFor();
    await home.say('Hi! Ready at 20:00? <b>gl hf</b>');
    await poll(() => away.lines()).toEqual([expect.stringContaining('Hi! Ready at 20:00? <b>gl hf</b>')]);
    await away.say('Ready. Our line-up is set.\nSee you in the war.');
    await poll(async () => (await home.lines()).length).toBe(2);
    expect((await home.lines())[1]).toContain('Our line-up is set.');
    const history = await organizer.call<{ data: { id: string; attributes: { body: string | null } }[] }>(
      'GET',
      `/api/chat/1.0/history?filter[matchSeries.id]=${seriesId}`,
    );
    const first = history.data.find((m) => m.attributes.body?.startsWith('Hi!'))!;
    await organizer.call('DELETE', `/api/chat/1.0/history/${first.id}`);
    for (const room of [home, away])
      await poll(async () => (await room.lines())[0]).toContain('Message removed');
    await home.chat().scrollIntoViewIfNeeded();
    await home.page.screenshot({ path: '/tmp/match-room-chat-360.png', fullPage: true });
    await away.chat().scrollIntoViewIfNeeded();
    await away.page.screenshot({ path: '/tmp/match-room-chat-1280.png', fullPage: true });
    // The 360 px web view does not scroll sideways.
    expect(
      await home.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  it('the home captain disputes the result with a screenshot; the organizer corrects it; both see it', async () => {
    await organizer.call('PATCH', `${T}/match-series/${seriesId}/relationships/matches/results`, {
      data: { attributes: { homeStars: 3, awayStars: 1, reason: 'war result' } },
    });
    const homeDispute = new MatchDisputePage(home.page);
    const awayDispute = new MatchDisputePage(away.page);
    await Promise.all([homeDispute.open(seriesId), awayDispute.open(seriesId)]);
    // The veto stays on the match page as the record of the match.
    expect(await home.phase()).toBe('closed');
    await homeDispute.dispute(REASON, [
      { name: 'war-log.png', mimeType: 'image/png', buffer: screenshotPng() },
    ]);
    await homeDispute.send();
    expect(await homeDispute.status()).toBe('open');
    // The other captain is told over the socket, without a reload.
    await poll(() => awayDispute.status()).toBe('open');
    await home.page.screenshot({ path: '/tmp/match-room-dispute-open-phone.png', fullPage: true });

    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const consolePage = await context.newPage();
    const admin = new AdminPage(consolePage);
    await admin.open();
    await admin.signIn(ORGANIZER.email, ORGANIZER.password);
    await admin.signedIn().waitFor();
    const disputes = new AdminDisputesPage(consolePage);
    await disputes.open();
    const card = disputes.card(REASON);
    // The screenshot is there for the organizer.
    await card.locator('img').first().waitFor();
    await consolePage.screenshot({ path: '/tmp/match-room-dispute-queue-1280.png', fullPage: true });
    await disputes.correct(card, {
      home: 1,
      away: 3,
      note: 'The war log shows 3 stars for the away clan',
      internalReason: 'Staff only: checked the in-game war log by hand',
    });
    await card.waitFor({ state: 'detached' });

    await poll(() => homeDispute.status()).toBe('corrected');
    await poll(() => awayDispute.status()).toBe('corrected');
    for (const captain of [homeDispute, awayDispute]) {
      await captain.open(seriesId);
      await expect
        .poll(() => captain.page.getByTestId('match-stars').allTextContents())
        .toEqual(['★ 1', '★ 3']);
      // The captains read the note, never the internal reason (issue #31).
      const panel = captain.panel();
      await expect.poll(() => panel.textContent()).toContain('The war log shows 3 stars for the away clan');
      expect(await captain.page.locator('body').textContent()).not.toContain('Staff only');
    }
    await away.page.screenshot({ path: '/tmp/match-room-dispute-corrected-away-phone.png', fullPage: true });
  });
});
