import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminUsersPage } from '../pages/admin-users.page.js';
import { useBrowser } from '../support/browser.js';

/*
 * Support opens a demo player's details in the console: uploads an avatar (served back as an image),
 * adds a phone number whose code lands in the outbox (no SMS provider), and adds a game account.
 */
const SUPPORT = { email: 'support@clanwarhub.local', password: 'Support!2025' };

describe('support edits a user’s account in the console', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let admin: AdminPage;
  let users: AdminUsersPage;

  beforeAll(async () => {
    context = await browser().newContext({
      baseURL: inject('baseURL'),
      viewport: { width: 1024, height: 768 },
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    admin = new AdminPage(page);
    users = new AdminUsersPage(page);
    await admin.open();
    await admin.signIn(SUPPORT.email, SUPPORT.password);
    await admin.signedIn().waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('uploads an avatar, adds a phone number and a game account; the code is in the outbox', async () => {
    await admin.nav('Users');
    await page.getByTestId('user-search').fill('demo.clanwarhub.local');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = users.firstUser();
    await row.waitFor();
    const detail = await users.openDetails(row);
    // A demo player's game account comes from the seed.
    await detail.getByTestId('game-account').first().waitFor();

    await users.uploadAvatar(detail);
    const src = (await detail.getByTestId('user-avatar').getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/users\/1\.0\/avatars\/[0-9a-f-]{36}$/);
    const image = await page.request.get(src);
    expect(image.headers()['content-type']).toBe('image/png');
    expect((await image.body()).toString('latin1')).not.toContain('taken at home');

    await users.addPhone(detail, '+33 6 12 34 56 78');
    await expect
      .poll(() => detail.getByTestId('user-phone').first().textContent())
      .toContain('Not verified, code valid until');
    await users.addGameAccount(detail, 'Second village', '#2PPQG8');
    await expect.poll(() => detail.getByTestId('game-account').count()).toBeGreaterThan(1);

    await admin.nav('Mail outbox');
    const sms = page.locator('[data-testid="outbox-mail"][data-to="sms:+33612345678"]').first();
    await expect.poll(async () => (await sms.locator('pre').textContent()) ?? '').toMatch(/code is \d{6}/);
  });
});
