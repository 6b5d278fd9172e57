import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminDisputesPage, MatchDisputePage } from '../pages/disputes.page.js';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { VerifyPage } from '../pages/session.page.js';
import { ApiClient } from '../support/api-client.js';
import { launchBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server-process.js';

/*
 * A disputed result (issue #13): the organizer records a final's result; the home captain (phone,
 * 360 px) disputes it with a reason and a screenshot; the organizer (console, 1280 px) sees it in
 * the Disputes queue and corrects the result with the result dialog; both captains see the
 * dispute closed and the corrected result. Own server: it adds a segment.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const T = '/api/tournaments/1.0';
const CLANS = ['#2Y0PQ9LC', '#9RJGCUV2'];
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

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let organizer: ApiClient;
let teams: LockedTeam[] = [];
let seriesId = '';
let captains: Page[] = [];
let home: MatchDisputePage;
let away: MatchDisputePage;

async function contextAt(width: number, height: number) {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return context.newPage();
}

async function captainPage(tag: string, width: number): Promise<Page> {
  const page = await contextAt(width, 800);
  const verify = new VerifyPage(page);
  await verify.openVerify();
  await verify.quickPick(tag);
  await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
  return page;
}

beforeAll(async () => {
  server = await startServer();
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
  const now = Date.now();
  const segment = await organizer.call<{ data: { id: string } }>('POST', `${T}/events/${eventId}/segments`, {
    data: {
      attributes: {
        name: 'E2E Dispute Final',
        parentId: stageId,
        format: 'Dispute e2e',
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
  await organizer.call('POST', `${T}/segments/${segment.data.id}/bracket`, {
    data: {
      attributes: {
        format: 'double_elimination',
        rosterIds: teams.map((t) => t.rosterId),
        startsAt: iso(now + 3 * 3_600_000),
      },
    },
  });
  const info = await organizer.call<{ data: { id: string } }>(
    'GET',
    `${T}/segments/${segment.data.id}/bracket/info`,
  );
  const series = await organizer.call<{
    data: { id: string; attributes: { competitors: { roster: { id: string } | null }[] } }[];
  }>('GET', `${T}/bracket/${info.data.id}/match-series?page[size]=50`);
  const first = series.data.find((s) => s.attributes.competitors.every((c) => c.roster))!;
  seriesId = first.id;
  await organizer.call('PATCH', `${T}/match-series/${seriesId}/relationships/matches/results`, {
    data: { attributes: { homeStars: 3, awayStars: 1, reason: 'war result' } },
  });
  captains = await Promise.all(teams.map((team, i) => captainPage(team.captainTag, i === 0 ? 360 : 1280)));
  const homeRoster = first.attributes.competitors[0]!.roster!.id;
  const homeIndex = teams.findIndex((t) => t.rosterId === homeRoster);
  home = new MatchDisputePage(captains[homeIndex]!);
  away = new MatchDisputePage(captains[1 - homeIndex]!);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('a disputed result', () => {
  it('a captain disputes with a screenshot; the organizer corrects it; both captains see it', async () => {
    await Promise.all([home.open(seriesId), away.open(seriesId)]);
    await home.dispute(REASON, [{ name: 'war-log.png', mimeType: 'image/png', buffer: screenshotPng() }]);
    await home.page.screenshot({ path: '/tmp/disputes-form-home-360.png', fullPage: true });
    await home.send();
    expect(await home.status()).toBe('open');
    // The other captain is told over the socket, without a reload.
    await expect.poll(() => away.status()).toBe('open');
    await home.page.screenshot({ path: '/tmp/disputes-open-home-360.png', fullPage: true });

    const console = await contextAt(1280, 900);
    const admin = new AdminPage(console);
    await admin.open();
    await admin.signIn(ORGANIZER.email, ORGANIZER.password);
    await admin.signedIn().waitFor();
    const disputes = new AdminDisputesPage(console);
    await disputes.open();
    const card = disputes.card(REASON);
    await card.locator('img').first().waitFor();
    await console.screenshot({ path: '/tmp/disputes-queue-1280.png', fullPage: true });
    await disputes.correct(card, { home: 1, away: 3, reason: 'The war log shows 3 stars for the away clan' });
    await card.waitFor({ state: 'detached' });

    await expect.poll(() => home.status()).toBe('corrected');
    await expect.poll(() => away.status()).toBe('corrected');
    for (const captain of [home, away]) {
      await captain.open(seriesId);
      await expect
        .poll(() => captain.page.getByTestId('match-stars').allTextContents())
        .toEqual(['★ 1', '★ 3']);
    }
    await home.page.screenshot({ path: '/tmp/disputes-corrected-home-360.png', fullPage: true });
    await away.page.screenshot({ path: '/tmp/disputes-corrected-away-1280.png', fullPage: true });
  });
});
