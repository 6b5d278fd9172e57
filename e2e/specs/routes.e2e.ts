import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorPage } from '../pages/error.page.js';
import { VerifyPage } from '../pages/session.page.js';
import { newContext, useBrowser } from '../support/browser.js';

// Every route in every language (page, title, lang, layout, axe): route-pages.e2e.ts, one load each.

describe('not found and error pages', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    context = await newContext(browser(), baseURL);
  });

  it('answers an unknown page with the 404 page and a way back home', async () => {
    const page = await context.newPage();
    const errors = new ErrorPage(page);
    // The server knows the SPA's pages (contract SPA_PAGES): an unknown one is an HTTP 404 too.
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    expect(await errors.pageName()).toBe('not-found');
    await expect
      .poll(() => page.getByText('This page could not be found').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await errors.backHome().click();
    // The 404 stays on screen until the home route has loaded: wait for the navigation.
    await expect.poll(() => errors.pageName(), { timeout: 15_000 }).toBe('home');
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await page.goto('/fr/competition'))?.status()).toBe(200);
    expect((await page.goto('/world-finals/day-4'))?.status()).toBe(404);
    expect(await errors.pageName()).toBe('not-found');
    await page.close();
  });

  it('translates the 404 page and an unknown locale prefix is a 404 too', async () => {
    const page = await context.newPage();
    const errors = new ErrorPage(page);
    await errors.open('/nope', 'fr');
    expect(await errors.pageName()).toBe('not-found');
    expect(await page.getByText('This page could not be found').count()).toBe(0);
    await errors.open('/xx/competition');
    expect(await errors.pageName()).toBe('not-found');
    await page.close();
  });

  it.each([
    ['8', 'Your team missed the Match Check-In window'],
    ['11', 'A team member is missing from your clan'],
    ['17', 'You are the team Captain but not a co-leader or leader'],
    ['21', 'Public War Log must be enabled'],
    ['26', 'You have already played 6 matches in the last 24 hours. Try again later.'],
  ])('shows catalogue code %s with the spec wording', async (code, text) => {
    const page = await context.newPage();
    const errors = new ErrorPage(page);
    await errors.open(`/error/${code}`);
    expect(await errors.code()).toBe(code);
    // Role names are capitalised as in the game (Co-leader, Leader); the wording is the spec's.
    await expect
      .poll(async () => (await errors.message().innerText()).toLowerCase())
      .toContain(text.toLowerCase());
    expect(await errors.checkInPrompt().count()).toBe(0);
    await page.close();
  });

  it('shows a clear message for codes 23 to 37 in two locales', async () => {
    const page = await context.newPage();
    const errors = new ErrorPage(page);
    for (let code = 23; code <= 37; code++) {
      await errors.open(`/error/${code}`);
      expect(await errors.code()).toBe(String(code));
      const en = (await errors.message().innerText()).trim();
      expect(en.length).toBeGreaterThan(15);
      await errors.open(`/error/${code}`, 'de');
      const de = (await errors.message().innerText()).trim();
      expect(de).not.toBe(en);
    }
    await page.close();
  });

  it('shows the critical error text and the given message on the fatal error page', async () => {
    const page = await context.newPage();
    const errors = new ErrorPage(page);
    await errors.open('/fatal-error/Token%20expired');
    await expect
      .poll(() => errors.fatalText().innerText())
      .toContain('A critical error has occurred. Please restart the application.');
    expect(await errors.fatalMessage().innerText()).toContain('Token expired');
    await page.close();
  });

  it('keeps the check-in prompt mount on ordinary pages only, for a signed-in player', async () => {
    // Its own context: the player signed in here must not carry over to the other tests.
    const signedIn = await newContext(browser(), baseURL);
    const page = await signedIn.newPage();
    const errors = new ErrorPage(page);
    await errors.open('/competition');
    await errors.pageName();
    // Signed out, the player's overlays (check-in prompt included) are not even loaded.
    expect(await errors.checkInPrompt().count()).toBe(0);
    const verify = new VerifyPage(page);
    await verify.openVerify();
    await page.locator('[data-testid^="quick-pick-"]').first().click();
    await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
    await errors.open('/competition');
    await errors.pageName();
    await expect.poll(() => errors.checkInPrompt().count(), { timeout: 15_000 }).toBe(1);
    await errors.open('/error/12');
    await errors.pageName();
    expect(await errors.checkInPrompt().count()).toBe(0);
    await signedIn.close();
  });
});
