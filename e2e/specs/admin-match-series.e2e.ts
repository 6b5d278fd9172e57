import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminMatchSeriesPage } from '../pages/admin-match-series.page.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * Match series admin in the console (issue #8): the organizer filters the season's finished series,
 * corrects a result with a reason, deletes the series (it leaves the list), restores it from the
 * Deleted view; support reads the three changes in the activity log (organizers have no log access in
 * the role model). Own server: it changes results.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SUPPORT = { email: 'support@clanwarhub.local', password: 'Support!2025' };
const SEASON_PREFIX = 'Clash of Clans Championship';
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';

let server: RunningServer;
let browser: Browser;
let token = '';
let season = { id: '', name: '' };
let seriesId = '';
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

interface Series {
  id: string;
  attributes: { state: string; competitors: { displayName: string }[] };
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
  const active = events.data.find(
    (e) => e.attributes.status === 'active' && e.attributes.name.startsWith(SEASON_PREFIX),
  )!;
  season = { id: active.id, name: active.attributes.name };
  // The first finished series of the season, as the page lists them (by date, 50 a page).
  const finished = await call<{ data: Series[] }>(
    'GET',
    `${T}/match-series?filter[event]=${season.id}&filter[state]=finished&page[size]=50`,
  );
  const ladder = finished.data.find(
    (s) => (s.attributes as { competition?: string }).competition === 'ladder',
  );
  expect(ladder?.id, 'the demo season has a finished ladder series').toEqual(expect.any(String));
  seriesId = ladder!.id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(
  width: number,
  height: number,
  who: { email: string; password: string } = ORGANIZER,
): Promise<{ page: Page; admin: AdminPage }> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const admin = new AdminPage(page);
  await admin.open();
  await admin.signIn(who.email, who.password);
  await admin.signedIn().waitFor();
  return { page, admin };
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('the organizer manages match series from the console', () => {
  let page: Page;
  let series: AdminMatchSeriesPage;
  const row = () => series.row(seriesId);

  it('opens Match series and filters the season’s finished series', async () => {
    ({ page } = await signedIn(1280, 800));
    series = new AdminMatchSeriesPage(page);
    await series.open();
    await series.filter(season.name, 'Finished');
    await row().waitFor();
    const states = () =>
      page
        .getByTestId('match-series-row')
        .evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('data-state')))]);
    // The season's filter shows its series (this one among them) before the state's filter applies.
    await expect.poll(states, { timeout: 10_000 }).toEqual(['finished']);
    await page.screenshot({ path: '/tmp/h8-list-1280.png', fullPage: true });
  });

  it('corrects the result with a reason', async () => {
    await series.enterResult(
      row(),
      { home: 11, away: 7, reason: 'E2E: the war log shows 11 to 7' },
      { beforeSave: () => page.screenshot({ path: '/tmp/h8-correct-1280.png' }).then(() => undefined) },
    );
    await expect.poll(() => row().getByTestId('row-result').textContent()).toBe('11 – 7');
  });

  it('deletes the series after a confirm: it leaves the list and appears under Deleted', async () => {
    await row().getByTestId('action-delete').click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.getByTestId('delete-reason').fill('E2E: entered twice');
    await page.screenshot({ path: '/tmp/h8-delete-confirm-1280.png' });
    await dialog.getByTestId('delete-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await row().waitFor({ state: 'detached' });
    // The players' list no longer shows it.
    const publicOne = await fetch(`${server.baseURL}/api/matches/1.0/match-series/${seriesId}`);
    expect(publicOne.status).toBe(404);
    await page.getByTestId('view-deleted').click();
    await row().waitFor();
    await page.screenshot({ path: '/tmp/h8-deleted-1280.png', fullPage: true });
  });

  it('restores it from the Deleted view', async () => {
    await row().getByTestId('action-restore').click();
    await page.getByText('Restored.').waitFor();
    await row().waitFor({ state: 'detached' });
    await page.getByTestId('view-live').click();
    await row().waitFor();
    expect(await row().getByTestId('row-result').textContent()).toBe('11 – 7');
    const publicOne = await fetch(`${server.baseURL}/api/matches/1.0/match-series/${seriesId}`);
    expect(publicOne.status).toBe(200);
  });

  it('the activity log (support reads it: the role model gives organizers no log access) shows all three', async () => {
    // The organizer's console has no activity log: reading it is for support and admins.
    const denied = await fetch(`${server.baseURL}/api/users/1.0/activity-log`, {
      headers: { accept: JSONAPI, authorization: `Bearer ${token}` },
    });
    expect(denied.status).toBe(403);
    const staff = await signedIn(1280, 800, SUPPORT);
    await staff.admin.nav('Activity log');
    await staff.page.getByLabel('Object id').fill(seriesId);
    await staff.page.getByRole('button', { name: 'Filter' }).click();
    const rows = staff.page.getByTestId('activity-entry');
    await expect
      .poll(async () => await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-action'))))
      .toEqual(
        expect.arrayContaining([
          'match-series.delete',
          'match-series.restore',
          'match-series.results.correct',
        ]),
      );
    const correction = rows.filter({ hasText: 'match-series.results.correct' }).first();
    expect(await correction.textContent()).toContain('E2E: the war log shows 11 to 7');
    expect(await rows.filter({ hasText: 'match-series.delete' }).first().textContent()).toContain(
      'E2E: entered twice',
    );
    await staff.page.screenshot({ path: '/tmp/h8-activity-1280.png', fullPage: true });
  });

  it('works on a phone (390×844): the list becomes cards, no sideways scroll', async () => {
    const phone = await signedIn(390, 844);
    const phoneSeries = new AdminMatchSeriesPage(phone.page);
    await phoneSeries.open();
    await phoneSeries.filter(season.name);
    await phone.page.getByTestId('match-series-row').first().waitFor();
    await expectNoSidewaysScroll(phone.page);
    await phone.page.screenshot({ path: '/tmp/h8-list-390.png', fullPage: false });
    await phone.page.getByTestId('match-series-row').first().screenshot({ path: '/tmp/h8-card-390.png' });
    await phone.page.getByTestId('match-series-row').first().getByTestId('action-reset').click();
    await phone.page.getByTestId('reset-dialog').waitFor();
    await phone.page.screenshot({ path: '/tmp/h8-reset-dialog-390.png' });
  });
});
