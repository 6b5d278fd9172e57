import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * The organizer sets up pick and ban from the console (issue #13): on a stage's page, a new
 * category with three items (one renamed, one removed), then the segment's veto order (ban, ban,
 * pick with a step moved, the home side starting, 45 s a turn); the API then answers that veto.
 * Looked at at 1280 px and 390 px. Own server (embedded database).
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SEASON_PREFIX = 'Clash of Clans Championship';
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';
const P = '/api/pickban/1.0';
const CATEGORY = 'E2E war rules';

let server: RunningServer;
let browser: Browser;
let token = '';
let eventId = '';
let segmentId = '';
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
  eventId = events.data.find(
    (e) => e.attributes.status === 'active' && e.attributes.name.startsWith(SEASON_PREFIX),
  )!.id;
  const segments = (
    await call<{ data: { id: string; attributes: { name: string } }[] }>(
      'GET',
      `${T}/events/${eventId}/segments`,
    )
  ).data;
  segmentId = segments.find((s) => s.attributes.name === 'Championship TH17')!.id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function stagePage(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const admin = new AdminPage(page);
  await admin.open();
  await admin.signIn(ORGANIZER.email, ORGANIZER.password);
  await admin.signedIn().waitFor();
  await page.goto(`/admin/stages/${eventId}/${segmentId}`);
  await page.getByTestId('pickban-setup').waitFor();
  await page.getByTestId('pickban-category-create').waitFor();
  return page;
}

describe('the organizer sets up pick and ban on a stage', () => {
  it('a category with items and a veto order, made in the console, is the veto the API answers', async () => {
    const page = await stagePage(1280, 900);
    const panel = page.getByTestId('pickban-setup');
    await panel.getByTestId('pickban-category-new').fill(CATEGORY);
    await panel.getByTestId('pickban-category-create').click();
    await panel.getByText('Category added.').waitFor();
    await expect
      .poll(() => panel.getByTestId('pickban-category-select').locator('option:checked').textContent())
      .toBe(CATEGORY);

    const items = panel.getByTestId('pickban-items');
    for (const [name, description] of [
      ['No heroes', 'Heroes stay home'],
      ['No spells', ''],
      ['Town hall only', ''],
      ['Walls stay', ''],
    ] as const) {
      await items.getByTestId('pickban-item-new-name').fill(name);
      await items.getByTestId('pickban-item-new-description').fill(description);
      await items.getByTestId('pickban-item-add').click();
      // The rows' name fields as a person reads them (the value, not the HTML attribute).
      await expect
        .poll(
          async () =>
            (
              await items
                .getByTestId('pickban-item-name')
                .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
            ).filter((value) => value === name).length,
        )
        .toBe(1);
    }
    const rows = items.getByTestId('pickban-item-row');
    await expect.poll(() => rows.count()).toBe(4);
    // Rename the third, remove the fourth (asked twice).
    await rows.nth(2).getByTestId('pickban-item-name').fill('Town hall 17 only');
    await rows.nth(2).getByTestId('pickban-item-save').click();
    await rows.nth(2).getByText('Item saved.').waitFor();
    await rows.nth(3).getByTestId('pickban-item-delete').click();
    await rows.nth(3).getByTestId('pickban-item-delete').click();
    await expect.poll(() => rows.count()).toBe(3);

    // The veto: ban, ban, pick (the default order less its last step), the pick moved first and back.
    const veto = panel.getByTestId('pickban-veto');
    await veto.getByTestId('pickban-veto-category').selectOption({ label: CATEGORY });
    const steps = veto.getByTestId('pickban-veto-step');
    await expect.poll(() => steps.count()).toBe(4);
    await steps.nth(3).getByTestId('pickban-step-remove').click();
    await expect.poll(() => steps.count()).toBe(3);
    await veto.getByRole('button', { name: 'Move step 3 up' }).click();
    await veto.getByRole('button', { name: 'Move step 2 down' }).click();
    await veto.getByTestId('pickban-veto-starter').selectOption('home');
    await veto.getByTestId('pickban-veto-seconds').fill('45');
    await expect
      .poll(() => veto.getByTestId('pickban-veto-hint').textContent())
      .toContain('needs 3 items; the category has 3');
    await veto.getByTestId('pickban-veto-save').click();
    await veto.getByText('Veto saved. Pick and bans that open from now on follow it.').waitFor();
    await page.screenshot({ path: '/tmp/pickban-setup-1280.png', fullPage: true });
    await panel.screenshot({ path: '/tmp/pickban-setup-panel-1280.png' });

    const categories = await call<{ data: { id: string; attributes: { name: string } }[] }>(
      'GET',
      `${P}/categories?filter[event.id]=${eventId}`,
    );
    const categoryId = categories.data.find((c) => c.attributes.name === CATEGORY)!.id;
    const answered = await call<{ data: { attributes: Record<string, unknown> } }>(
      'GET',
      `${P}/segments/${segmentId}/veto`,
    );
    expect(answered.data.attributes).toEqual({
      segmentId,
      categoryId,
      steps: [
        { action: 'ban', count: 1 },
        { action: 'ban', count: 1 },
        { action: 'pick', count: 1 },
      ],
      starter: 'home',
      turnSeconds: 45,
    });
    const list = await call<{ data: { attributes: { name: string; description: string | null } }[] }>(
      'GET',
      `${P}/items?filter[category.id]=${categoryId}&sort=sortOrder`,
    );
    expect(list.data.map((i) => i.attributes)).toMatchObject([
      { name: 'No heroes', description: 'Heroes stay home' },
      { name: 'No spells', description: null },
      { name: 'Town hall 17 only', description: null },
    ]);

    // The category a veto names cannot be deleted: the sentence says why.
    await panel.getByTestId('pickban-category-delete').click();
    await panel.getByTestId('pickban-category-delete').click();
    const alert = panel.getByTestId('pickban-categories').getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('so it cannot be deleted');
  });

  it('reads well at 390 px: the saved veto, no sideways scroll', async () => {
    const page = await stagePage(390, 844);
    const veto = page.getByTestId('pickban-veto');
    await expect
      .poll(() => veto.getByTestId('pickban-veto-current').textContent())
      .toBe(`Saved: ${CATEGORY} · ban 1, ban 1, pick 1 · The home side · 45 s`);
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(client);
    await page.getByTestId('pickban-setup').screenshot({ path: '/tmp/pickban-setup-390.png' });
  });
});
