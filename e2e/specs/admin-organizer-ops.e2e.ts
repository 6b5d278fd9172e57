import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminMatchSeriesPage } from '../pages/admin-match-series.page.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * The organizer's console at laptop size (issue #31): each role sees only its pages; correcting a
 * result after the bracket moved on previews the later matches it resets and resets them on
 * confirmation; support reads the correction in the activity log as a before/after list, filtered.
 * Every console step is a click; the API only reads ids a person sees on screen anyway. Own server:
 * it changes last season's World Finals.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SUPPORT = { email: 'support@clanwarhub.local', password: 'Support!2025' };
const FINALS_EVENT = 'Clash of Clans World Championship 2025';
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';
const REASON = 'E2E: the screenshots show the other team won';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function read<R>(path: string): Promise<R> {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { accept: JSONAPI } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as R;
}

interface StageSeries {
  id: string;
  attributes: {
    state: string;
    roundNumber: number | null;
    bracket: 'upper' | 'lower' | null;
    competitors: { displayName: string; placement: number | null }[];
  };
}

/** The World Finals' series in play order (the public bracket list). */
async function finalsSeries(): Promise<StageSeries[]> {
  const events = await read<{ data: { id: string; attributes: { name: string } }[] }>(`${T}/events`);
  const event = events.data.find((e) => e.attributes.name === FINALS_EVENT)!;
  const segments = await read<{ data: { id: string; attributes: { name: string } }[] }>(
    `${T}/events/${event.id}/segments`,
  );
  const finals = segments.data.find((s) => s.attributes.name === 'World Finals')!;
  const info = await read<{ data: { id: string } }>(`${T}/segments/${finals.id}/bracket/info`);
  return (await read<{ data: StageSeries[] }>(`${T}/bracket/${info.data.id}/match-series?page[size]=50`))
    .data;
}

async function signedIn(who: { email: string; password: string }): Promise<{ page: Page; admin: AdminPage }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const admin = new AdminPage(page);
  await admin.open();
  await admin.signIn(who.email, who.password);
  await admin.signedIn().waitFor();
  return { page, admin };
}

const menu = (page: Page) =>
  page
    .getByTestId('admin-nav')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.textContent));

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the organizer console, role by role (1280×800)', () => {
  it('an organizer sees the event pages only; support sees users, the activity log and the outbox', async () => {
    const organizer = await signedIn(ORGANIZER);
    await expect
      .poll(() => menu(organizer.page))
      .toEqual(['Events and seasons', 'Stages', 'Match series', 'Disputes', 'Rosters', 'Check-in review']);
    const support = await signedIn(SUPPORT);
    await expect.poll(() => menu(support.page)).toEqual(['Users', 'Activity log', 'Mail outbox']);
    await support.page.getByTestId('admin-users').waitFor();
    await organizer.page.screenshot({ path: '/tmp/oo-menu-organizer-1280.png' });
    await support.page.screenshot({ path: '/tmp/oo-menu-support-1280.png' });
  });
});

describe('a correction after the bracket moved on', () => {
  let page: Page;
  let first: StageSeries;
  let later: StageSeries[];

  beforeAll(async () => {
    const all = await finalsSeries();
    // The first upper-bracket match: its winner and loser played on to the grand final.
    first = all.find((s) => s.attributes.bracket === 'upper' && s.attributes.roundNumber === 1)!;
    later = all.filter((s) => s.id !== first.id && s.attributes.state === 'finished');
    expect(first.attributes.state).toBe('finished');
    ({ page } = await signedIn(ORGANIZER));
  });

  it('previews the later matches it resets, and resets them only on confirmation', async () => {
    const series = new AdminMatchSeriesPage(page);
    await series.open();
    await series.filter(FINALS_EVENT, 'Finished');
    const row = series.row(first.id);
    await row.getByTestId('action-result').click();
    const dialog = series.resultDialog();
    // The dialog opens on the stored result: the organizer swaps the stars.
    const home = await dialog.getByTestId('result-home-stars').inputValue();
    const away = await dialog.getByTestId('result-away-stars').inputValue();
    expect([home, away].every((v) => v !== '')).toBe(true);
    await dialog.getByTestId('result-home-stars').fill(away);
    await dialog.getByTestId('result-away-stars').fill(home);
    await dialog.getByLabel('Reason (required)').fill(REASON);
    await dialog.getByTestId('result-save').click();
    const preview = dialog.getByTestId('reset-preview');
    await preview.waitFor();
    const items = await preview
      .getByTestId('reset-item')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-series')));
    expect(items.length).toBeGreaterThan(1);
    expect(items.every((id) => later.some((s) => s.id === id))).toBe(true);
    await page.screenshot({ path: '/tmp/oo-reset-preview-1280.png' });
    // Nothing is written before the confirmation.
    expect((await finalsSeries()).find((s) => s.id === items[0])!.attributes.state).toBe('finished');
    await dialog.getByTestId('result-reset-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('row-result').textContent()).toBe(`${away} – ${home}`);
    const after = await finalsSeries();
    for (const id of items) expect(after.find((s) => s.id === id)!.attributes.state).not.toBe('finished');
  });

  it('support reads the correction in the activity log, filtered, as a before/after list', async () => {
    const support = await signedIn(SUPPORT);
    await support.admin.nav('Activity log');
    await support.page.getByTestId('activity-action').fill('match-series.results.correct');
    await support.page.getByTestId('activity-type').selectOption('match-series');
    await support.page.getByTestId('activity-object').fill(first.id);
    await support.page.getByTestId('activity-filter').click();
    const entry = support.page.locator(
      '[data-testid="activity-entry"][data-action="match-series.results.correct"]',
    );
    await entry.first().waitFor();
    await expect.poll(() => support.page.getByTestId('activity-entry').count()).toBe(1);
    const reason = entry.locator('[data-testid="activity-change-row"][data-field="reason"]');
    expect(await reason.locator('td').allTextContents()).toEqual(['reason', '—', REASON]);
    const resetRow = entry.locator('[data-testid="activity-change-row"][data-field^="resetMatchSeriesIds"]');
    expect(await resetRow.count()).toBeGreaterThan(0);
    expect(await entry.textContent()).not.toContain('{"');
    await support.page.screenshot({ path: '/tmp/oo-activity-1280.png', fullPage: true });
  });
});
