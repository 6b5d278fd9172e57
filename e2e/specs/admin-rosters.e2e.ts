import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminRostersPage } from '../pages/admin-rosters.page.js';
import { LadderApi } from '../pages/ladder-api.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * The organizer's rosters, check-in review and seeding (issue #8): search a roster, unlock and lock
 * it; on a new swiss stage whose check-in window is open, re-admit three teams, continue without
 * the others, reorder the proposed seeds and create the stage in that order. Own server.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SEASON_PREFIX = 'Clash of Clans Championship';
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';
const STAGE = 'E2E Check-in Swiss';
const SIM_CLANS = ['#2PP0QJ8Y', '#2Y0PQ9LC', '#L0V9C2JG', '#P28QY0LR', '#9RJGCUV2', '#9LQ2CJ'];
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

let server: RunningServer;
let browser: Browser;
let token = '';
let seasonName = '';
let stageId = '';
let target = { name: '', clanTag: '' };
const contexts: BrowserContext[] = [];

async function call<R>(method: string, path: string, body?: unknown): Promise<R> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as R;
}

interface AdminRoster {
  id: string;
  attributes: {
    name: string | null;
    clanTag: string | null;
    locked: boolean;
    withdrawnAt: string | null;
    hasPlayed: boolean;
    segment: { id: string };
  };
}

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const login = await call<{ data: { attributes: { token: { value: string } } } }>(
    'POST',
    '/api/users/1.0/login',
    { data: { type: 'sessions', attributes: ORGANIZER } },
  );
  token = login.data.attributes.token.value;
  const events = await call<{ data: { id: string; attributes: { name: string; status: string } }[] }>(
    'GET',
    `${T}/events`,
  );
  const season = events.data.find(
    (e) => e.attributes.status === 'active' && e.attributes.name.startsWith(SEASON_PREFIX),
  )!;
  seasonName = season.attributes.name;
  const segments = (
    await call<{ data: { id: string; attributes: { name: string; date: { from: string; to: string } } }[] }>(
      'GET',
      `${T}/events/${season.id}/segments`,
    )
  ).data;
  const parent = segments.find((s) => s.attributes.name === 'Championship TH17')!;
  const rosters = async () =>
    (
      await call<{ data: AdminRoster[] }>(
        'GET',
        `${T}/admin/rosters?filter[event]=${season.id}&page[size]=100`,
      )
    ).data.filter(
      (r) => r.attributes.segment.id === parent.id && r.attributes.locked && !r.attributes.withdrawnAt,
    );
  const clans = new LadderApi(server.baseURL);
  for (const clan of SIM_CLANS) {
    if ((await rosters()).filter((r) => !r.attributes.hasPlayed).length >= 4) break;
    await clans.lockTeam(clan, parent.id).catch(() => undefined);
  }
  const fresh = (await rosters()).find((r) => !r.attributes.hasPlayed && r.attributes.name)!;
  expect(fresh?.attributes.name, 'a locked team that has not played').toEqual(expect.any(String));
  target = { name: fresh.attributes.name!, clanTag: fresh.attributes.clanTag ?? fresh.attributes.name! };
  // A swiss stage of the championship whose check-in window is open now.
  const now = Date.now();
  const created = await call<{ data: { id: string } }>('POST', `${T}/events/${season.id}/segments`, {
    data: {
      attributes: {
        name: STAGE,
        parentId: parent.id,
        format: `${STAGE}: console e2e`,
        stageCode: 'MQ',
        eliminationType: 'swiss',
        type: 'swiss',
        configuration: { thLevel: 17, phase: null },
        segmentCheckinsConfig: { enabled: true, openWindow: { from: iso(now - HOUR), to: iso(now + HOUR) } },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 128, standbyLimit: 0 },
        date: parent.attributes.date,
      },
    },
  });
  stageId = created.data.id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(width: number, height: number): Promise<{ page: Page; console: AdminRostersPage }> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const admin = new AdminPage(page);
  await admin.open();
  await admin.signIn(ORGANIZER.email, ORGANIZER.password);
  await admin.signedIn().waitFor();
  return { page, console: new AdminRostersPage(page) };
}

/** `datetime-local` value (GMT) a day from now: no check-in deadline passes during the test. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('the organizer reviews rosters, check-ins and seeds', () => {
  let page: Page;
  let view: AdminRostersPage;

  it('searches a roster by clan tag, unlocks it and locks it again', async () => {
    ({ page, console: view } = await signedIn(1280, 800));
    await view.nav('Rosters');
    await view.chooseEvent(seasonName);
    await view.search(target.clanTag);
    const card = view.roster(target.name);
    await card.waitFor();
    expect(await page.getByTestId('admin-roster').count()).toBe(1);
    await card.getByRole('button', { name: 'Unlock' }).click();
    await card.getByRole('button', { name: 'Lock', exact: true }).waitFor();
    expect(await card.getByText('Not locked').count()).toBe(1);
    await card.locator('summary').click();
    await page.screenshot({ path: '/tmp/h9-rosters-unlocked-1280.png', fullPage: true });
    await card.getByRole('button', { name: 'Lock', exact: true }).click();
    await card.getByRole('button', { name: 'Unlock' }).waitFor();
    await expectNoSidewaysScroll(page);
  });

  it('reviews the stage’s check-ins and re-admits three teams', async () => {
    await view.nav('Check-in review');
    await view.chooseEvent(seasonName);
    await view.chooseStage(STAGE);
    expect(await page.getByTestId('window-state').textContent()).toBe('Open');
    expect(await view.checkedIn().count()).toBe(0);
    const total = await view.missing().count();
    expect(total).toBeGreaterThanOrEqual(4);
    for (let done = 1; done <= 3; done++) {
      await view.missing().first().getByRole('button', { name: 'Re-admit' }).click();
      await expect.poll(() => view.checkedIn().count()).toBe(done);
    }
    expect(await view.missing().count()).toBe(total - 3);
    await page.screenshot({ path: '/tmp/h9-checkins-1280.png', fullPage: true });
  });

  it('continues without the missing teams: the window closes, the seeds list the three', async () => {
    await page.getByTestId('continue-without').click();
    await expect.poll(() => page.getByTestId('window-state').textContent()).toBe('Closed');
    await expect.poll(() => view.seedRows().count()).toBe(3);
  });

  it('reorders the seeds (typed and with the arrows) and creates the stage in that order', async () => {
    const proposed = await view.seedNames();
    const last = proposed[2]!;
    const seed = page.getByLabel(`Seed of ${last}`);
    await seed.fill('1');
    await seed.press('Enter');
    await expect.poll(() => view.seedNames()).toEqual([last, proposed[0], proposed[1]]);
    await page.getByRole('button', { name: `Move ${proposed[1]} up` }).click();
    const order = [last, proposed[1]!, proposed[0]!];
    await expect.poll(() => view.seedNames()).toEqual(order);
    await view.field('First match at', 'input').fill(tomorrow());
    await page.screenshot({ path: '/tmp/h9-seeding-1280.png', fullPage: true });
    await page.getByTestId('seeding-create').click();
    await page.getByTestId('seeding-stage').waitFor();
    expect(await view.seedNames()).toEqual(order);
    expect(await page.getByTestId('lineup-changed').count()).toBe(0);
    // The stage exists with exactly these seeds (its seeds as the server lists them).
    const seeding = await call<{
      data: { attributes: { stage: unknown; seeds: { roster: { name: string } }[] } };
    }>('GET', `${T}/admin/segments/${stageId}/seeding`);
    expect(seeding.data.attributes.stage).not.toBeNull();
    expect(seeding.data.attributes.seeds.map((s) => s.roster.name)).toEqual(order);
    await expectNoSidewaysScroll(page);
  });

  it('fits a phone: the rosters and the check-in review at 390 × 844', async () => {
    const phone = await signedIn(390, 844);
    await phone.console.nav('Rosters');
    await phone.console.chooseEvent(seasonName);
    await phone.console.search(target.clanTag);
    await phone.console.roster(target.name).waitFor();
    await phone.page.screenshot({ path: '/tmp/h9-rosters-390.png', fullPage: true });
    await expectNoSidewaysScroll(phone.page);
    await phone.console.nav('Check-in review');
    await phone.page.getByTestId('admin-checkins').waitFor();
    await phone.page.screenshot({ path: '/tmp/h9-checkins-open-390.png', fullPage: true });
    await phone.console.chooseEvent(seasonName);
    await phone.console.chooseStage(STAGE);
    await phone.page.getByTestId('seeding-stage').waitFor();
    await phone.page.screenshot({ path: '/tmp/h9-checkins-390.png', fullPage: true });
    await expectNoSidewaysScroll(phone.page);
  });
});
