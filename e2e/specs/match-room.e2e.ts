import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { MatchRoomPage } from '../pages/match-room.page.js';
import { VerifyPage } from '../pages/session.page.js';
import { ApiClient } from '../support/api-client.js';
import { launchBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server-process.js';

/*
 * The match room with two captains in two browser contexts at phone size (issue #13): the
 * organizer sets up a pick and ban (a category, four items, ban-ban-pick-pick from the home side,
 * 10 s a turn) on a new final; the two captains veto in turn on the match page, one turn runs
 * out and the hub chooses; each sees every step live. Own server: it adds a segment.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const T = '/api/tournaments/1.0';
const PB = '/api/pickban/1.0';
const CLANS = ['#2Y0PQ9LC', '#9RJGCUV2'];
const ITEMS = ['Heroes off', 'No spells', 'Siege only', 'Night mode'];
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

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function captainPage(tag: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
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
  captains = await Promise.all(teams.map((team) => captainPage(team.captainTag)));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the match room, two captains', () => {
  it('they veto in turn; a turn runs out and the hub chooses; both see every step live', async () => {
    await createFinal();
    await expect.poll(() => home.phase()).toBe('mine');
    await expect.poll(() => away.phase()).toBe('theirs');
    await home.page.screenshot({ path: '/tmp/match-room-veto-home-390.png', fullPage: true });

    // Home bans; the away captain's board shows it without a reload (socket).
    await home.choose('Heroes off');
    await expect.poll(() => away.announced()).toBe(`${homeName} banned Heroes off`);
    await expect.poll(() => away.phase()).toBe('mine');
    await away.page.screenshot({ path: '/tmp/match-room-veto-away-390.png', fullPage: true });

    // The away captain lets the turn run out: the hub bans one of the three left for them.
    await expect
      .poll(() => home.announced(), { timeout: (TURN_SECONDS + 20) * 1000, interval: 500 })
      .toMatch(
        new RegExp(
          `^${awayName} banned (No spells|Siege only|Night mode) \\(chosen by the hub: time ran out\\)$`,
        ),
      );
    await expect.poll(() => away.announced()).toMatch(/\(chosen by the hub: time ran out\)$/);
    await expect.poll(() => home.phase()).toBe('mine');

    // Home picks the first free item, away the last one.
    const free = (await home.page.getByTestId('veto-item').allTextContents()).map((text) => text.trim());
    expect(free).toHaveLength(2);
    await home.choose(free[0]!);
    await expect.poll(() => away.phase()).toBe('mine');
    await away.choose(free[1]!);
    for (const room of [home, away]) {
      await expect.poll(() => room.phase()).toBe('closed');
      expect(await room.picked()).toEqual([free[0], free[1]]);
      expect((await room.banned())[0]).toBe('Heroes off');
      expect((await room.steps()).at(-1)).toBe(`${awayName} picked ${free[1]}`);
    }
    await away.page.screenshot({ path: '/tmp/match-room-veto-closed-390.png', fullPage: true });

    // The API agrees, and the result is public (signed out) once the veto is over.
    const anonymous = new ApiClient(server.baseURL);
    const result = await anonymous.call<{
      data: { attributes: { status: string; votes: { auto: boolean }[] } }[];
    }>('GET', `${PB}/challenges?filter[matchSeries.id]=${seriesId}`);
    expect(result.data[0]?.attributes.status).toBe('closed');
    expect(result.data[0]?.attributes.votes.map((v) => v.auto)).toEqual([false, true, false, false]);
  });
});
