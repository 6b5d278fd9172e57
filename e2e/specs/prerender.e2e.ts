import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ShellPage } from '../pages/shell.page.js';
import { useBrowser } from '../support/browser.js';

/**
 * Issue 33: the public pages come from the server as HTML with their content (React DOM's server
 * renderer, apps/web/src/entry-server.tsx), which React then hydrates in place. Read with JavaScript
 * off, the page already shows what the app shows; with JavaScript on, React takes over the server's
 * nodes (none is replaced, nothing reported as a hydration mismatch) and the links navigate in-app.
 */

interface PublicPage {
  path: string;
  name: string;
  lang: string;
  /** The rows of the page's data: events' stages, matches with their teams, the standings' teams. */
  rows: string;
  /** A line that names the data's event or stage, the same with and without JavaScript. */
  named: string;
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    name: 'home',
    lang: 'en',
    rows: '[data-testid="segment"]',
    named: '[data-testid="active-event"]',
  },
  {
    path: '/fr/competition',
    name: 'competition',
    lang: 'fr',
    rows: '[data-testid="match-row"]',
    named: '.page__lead',
  },
  {
    path: '/leaderboard',
    name: 'leaderboard',
    lang: 'en',
    rows: '[data-testid="leaderboard-row"]',
    named: '.page__lead',
  },
];

/** What a person reads of the page: its title, the named event or stage, and how many rows. */
async function readPage(page: Page, spec: PublicPage) {
  const shell = new ShellPage(page);
  const name = await shell.pageName();
  await page.locator(spec.rows).first().waitFor();
  return {
    name,
    lang: await shell.htmlLang(),
    title: await shell.title().innerText(),
    named: (await page.locator(spec.named).first().innerText()).trim(),
    rows: await page.locator(spec.rows).count(),
    firstRow: (await page.locator(spec.rows).first().innerText()).trim(),
  };
}

async function contextOf(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 430, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * Counts, from the first byte of the document on, the server-rendered headings that leave the page
 * (a client render that replaces the server's HTML removes them; hydration keeps them).
 */
const COUNT_REMOVED_HEADINGS = () => {
  const w = window as unknown as { removedHeadings: number };
  w.removedHeadings = 0;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of Array.from(record.removedNodes))
        if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
          w.removedHeadings += 1;
  }).observe(document, { childList: true, subtree: true });
};

describe('prerendered public pages', () => {
  const browser = useBrowser({ coverage: false });
  const baseURL = inject('baseURL');

  it.each(PAGES)(
    '$path shows its heading and data without JavaScript, as the app shows them',
    async (spec) => {
      const withJs = await contextOf(browser(), baseURL, true);
      const appPage = await withJs.newPage();
      await appPage.goto(spec.path);
      const app = await readPage(appPage, spec);
      await withJs.close();

      const withoutJs = await contextOf(browser(), baseURL, false);
      const page = await withoutJs.newPage();
      const response = await page.goto(spec.path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      const html = await readPage(page, spec);
      expect(html.name).toBe(spec.name);
      expect(html.lang).toBe(spec.lang);
      expect(html.title).toBe(app.title);
      expect(html.named).not.toBe('');
      expect(html.named).toBe(app.named);
      expect(html.rows).toBeGreaterThan(0);
      expect(html.firstRow).not.toBe('');
      await withoutJs.close();
    },
  );

  it.each(PAGES)(
    '$path is hydrated in place, without a mismatch, and its links navigate in-app',
    async (spec) => {
      const context = await contextOf(browser(), baseURL, true);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        const text = message.text();
        if (
          ['error', 'warning'].includes(message.type()) &&
          /hydrat|#41[89]|#42[1-5]|did not match/i.test(text)
        )
          problems.push(`${message.type()}: ${text}`);
      });
      await page.addInitScript(COUNT_REMOVED_HEADINGS);
      await page.goto(spec.path);
      const shell = new ShellPage(page);
      expect(await shell.pageName()).toBe(spec.name);
      // React marks the nodes it has taken over: the server's heading becomes React's own.
      await page.waitForFunction(() => {
        const h1 = document.querySelector('[data-testid^="page-"] h1');
        return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
      });
      await page.evaluate(() => {
        (window as unknown as { samePage: boolean }).samePage = true;
      });
      await shell.tab('schedule').click();
      await expect.poll(() => shell.pageName(), { timeout: 15_000 }).toBe('schedule');
      // No document load: the click was React Router's, on the hydrated page.
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      const removed = await page.evaluate(
        () => (window as unknown as { removedHeadings: number }).removedHeadings,
      );
      // The navigation itself replaces the page's heading once; the hydration replaced none.
      expect(removed).toBeLessThanOrEqual(1);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
