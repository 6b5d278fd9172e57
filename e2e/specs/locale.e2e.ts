import { describe, expect, inject, it } from 'vitest';
import { HomePage } from '../pages/home.page.js';
import { ShellPage } from '../pages/shell.page.js';
import { newContext, useBrowser } from '../support/browser.js';

describe('language choice', () => {
  const browser = useBrowser();
  const baseURL = inject('baseURL');

  it('switching language rewrites the path, keeps the page and remembers the choice for a year', async () => {
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const shell = new ShellPage(page);
    await shell.open('/leaderboard?season=1');
    const enTitle = await shell.title().innerText();
    // The prerendered page shows the switcher before React handles it.
    await shell.interactive();
    await shell.languageSwitcher().selectOption('fr');
    await page.waitForURL('**/fr/leaderboard?season=1');
    expect(await shell.pageName()).toBe('leaderboard');
    await expect.poll(() => shell.title().innerText()).not.toBe(enTitle);
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('fr');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // The cookie wins over the browser language on an unprefixed path.
    await shell.open('/schedule');
    await page.waitForURL('**/fr/schedule');
    expect(await shell.htmlLang()).toBe('fr');
    await context.close();
  });

  it('uses the browser language when there is no prefix and no cookie', async () => {
    const context = await newContext(browser(), baseURL, { locale: 'de-DE' });
    const page = await context.newPage();
    const shell = new ShellPage(page);
    await shell.open('/schedule');
    await page.waitForURL('**/de/schedule');
    expect(await shell.htmlLang()).toBe('de');
    await context.close();
  });

  it('falls back to English for a browser language the hub does not offer', async () => {
    const context = await newContext(browser(), baseURL, { locale: 'nl-NL' });
    const page = await context.newPage();
    const shell = new ShellPage(page);
    await shell.open('/schedule');
    expect(await shell.pageName()).toBe('schedule');
    expect(new URL(page.url()).pathname).toBe('/schedule');
    expect(await shell.htmlLang()).toBe('en');
    await context.close();
  });
});

describe('home with the seeded demo season', () => {
  const browser = useBrowser();
  const baseURL = inject('baseURL');

  it('shows the seeded events and the active event with its segments, in English and Japanese', async () => {
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const home = new HomePage(page);
    await home.open('/');
    await home.activeEvent().waitFor();
    expect(await home.eventChips().count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => home.segments().count()).toBeGreaterThan(0);
    const enDates = await home.eventDates().first().innerText();
    expect(enDates).toMatch(/GMT/);
    expect(enDates).not.toMatch(/UTC/);
    await home.open('/', 'jp');
    await home.activeEvent().waitFor();
    const jpDates = await home.eventDates().first().innerText();
    expect(jpDates).not.toBe(enDates);
    await context.close();
  });
});
