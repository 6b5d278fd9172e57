import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { VerifyPage } from '../pages/session.page.js';
import { ApiClient } from '../support/api-client.js';
import { launchBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server-process.js';

/*
 * The match chat (issue #13) with two captains in two browser contexts: a new stage between their
 * teams, both open the match page, they write to each other and each sees the other's message live
 * (socket); the organizer removes one and both see "Message removed". Screenshots at 360 px (the
 * game's web view) and 1280 px. Own server: it adds a segment.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const T = '/api/tournaments/1.0';
const CLANS = ['#2Y0PQ9LC', '#9RJGCUV2'];

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let organizer: ApiClient;
let teams: LockedTeam[] = [];
let captains: Page[] = [];
let seriesId = '';

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

const chat = (page: Page) => page.getByTestId('match-chat');
const lines = (page: Page) => chat(page).getByTestId('chat-message').allTextContents();

/** The match is within the hour: the start-war prompt opens over the page; close it (Escape). */
async function dismissStartWar(page: Page) {
  const prompt = page.getByTestId('start-war-note');
  try {
    await prompt.waitFor({ timeout: 5_000 });
  } catch {
    return;
  }
  await page.keyboard.press('Escape');
  await prompt.waitFor({ state: 'detached' });
}

async function say(page: Page, text: string) {
  await chat(page).getByLabel('Your message').fill(text);
  await chat(page).getByRole('button', { name: 'Send' }).click();
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
        name: 'E2E Match Chat Final',
        parentId: stageId,
        format: 'Match chat e2e',
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
  const stage = segment.data.id;
  await organizer.call('POST', `${T}/segments/${stage}/bracket`, {
    data: {
      attributes: {
        format: 'double_elimination',
        rosterIds: teams.map((t) => t.rosterId),
        startsAt: iso(now + 3_600_000),
      },
    },
  });
  const info = await organizer.call<{ data: { id: string } }>('GET', `${T}/segments/${stage}/bracket/info`);
  const series = await organizer.call<{
    data: { id: string; attributes: { competitors: { roster: { id: string } | null }[] } }[];
  }>('GET', `${T}/bracket/${info.data.id}/match-series?page[size]=50`);
  seriesId = series.data.find((s) => s.attributes.competitors.every((c) => c.roster))!.id;
  // The first captain on a phone in the game's web view, the second on a desktop.
  captains = [await captainPage(teams[0]!.captainTag, 360), await captainPage(teams[1]!.captainTag, 1280)];
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the match chat, two captains', () => {
  it('they write to each other live; the organizer removes a message, both see it removed', async () => {
    const [phone, desktop] = captains as [Page, Page];
    await Promise.all([phone.goto(`/match/${seriesId}`), desktop.goto(`/match/${seriesId}`)]);
    await chat(phone).getByRole('log').waitFor();
    await chat(desktop).getByRole('log').waitFor();
    await Promise.all([dismissStartWar(phone), dismissStartWar(desktop)]);

    await say(phone, 'Hi! Ready at 20:00? <b>gl hf</b>');
    await expect
      .poll(() => lines(desktop))
      .toEqual([expect.stringContaining('Hi! Ready at 20:00? <b>gl hf</b>')]);
    await say(desktop, 'Ready. Our line-up is set.\nSee you in the war.');
    await expect.poll(async () => (await lines(phone)).length).toBe(2);
    expect((await lines(phone))[1]).toContain('Our line-up is set.');

    // The organizer removes the first message: both see it removed without a reload.
    const history = await organizer.call<{ data: { id: string; attributes: { body: string | null } }[] }>(
      'GET',
      `/api/chat/1.0/history?filter[matchSeries.id]=${seriesId}`,
    );
    const first = history.data.find((m) => m.attributes.body?.startsWith('Hi!'))!;
    await organizer.call('DELETE', `/api/chat/1.0/history/${first.id}`);
    for (const page of [phone, desktop]) {
      await expect.poll(async () => (await lines(page))[0]).toContain('Message removed');
    }
    await say(phone, 'Sorry about that.');
    await expect.poll(async () => (await lines(desktop)).length).toBe(3);

    await chat(phone).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: '/tmp/match-chat-360.png', fullPage: true });
    await chat(desktop).scrollIntoViewIfNeeded();
    await desktop.screenshot({ path: '/tmp/match-chat-1280.png', fullPage: true });
    // The 360 px layout does not scroll sideways.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
