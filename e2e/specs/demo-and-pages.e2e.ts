import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ShellPage } from '../pages/shell.page.js';
import { useBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server-process.js';

/*
 * Issue 31, the pages a newcomer reads at 390 px: the schedule lists match times, View All opens a
 * whole list, /match without an id leads somewhere useful, Contact Support is reachable without an
 * external support link (this suite's web is built without VITE_SUPPORT_URL). Then, with the demo
 * bots on (DEMO_BOTS, fast pace), the demo plays a match to its end while the schedule is open.
 */

const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser, baseURL: string, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, viewport: PHONE });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

const rows = (page: Page, list: 'upcoming' | 'completed') =>
  page.getByTestId(`schedule-${list}`).getByTestId('match-row');

describe.each([
  { locale: 'en', browserLocale: 'en-US', support: 'Contact Support', code: 12 },
  { locale: 'fr', browserLocale: 'fr-FR', support: "Contacter l'assistance", code: 13 },
])('schedule, /match and support at 390 px ($locale)', ({ locale, browserLocale, support, code }) => {
  const browser = useBrowser();
  const baseURL = inject('baseURL');
  const prefix = locale === 'en' ? '' : `/${locale}`;

  it('the schedule lists match times, and View All opens the whole completed list', async () => {
    const page = await phonePage(browser(), baseURL, browserLocale);
    const shell = new ShellPage(page);
    await shell.open('/schedule', locale === 'en' ? undefined : locale);
    await rows(page, 'completed').first().waitFor();
    // A time of day on every row (the viewer's locale and time zone): hours and minutes.
    const when = await rows(page, 'completed').first().locator('.match-row__date').innerText();
    expect(when).toMatch(/\d{1,2}[:h.]\d{2}/);
    expect(await rows(page, 'completed').count()).toBe(5);
    await page.getByTestId('schedule-completed').getByTestId('view-all').click();
    await page.waitForURL(`**${prefix}/schedule?all=completed`);
    await expect.poll(() => rows(page, 'completed').count()).toBeGreaterThan(5);
    await page.context().close();
  });

  it('/match without an id leads a visitor to the schedule', async () => {
    const page = await phonePage(browser(), baseURL, browserLocale);
    const shell = new ShellPage(page);
    await shell.open('/match', locale === 'en' ? undefined : locale);
    await page.waitForURL(`**${prefix}/schedule`);
    expect(await shell.pageName()).toBe('schedule');
    await page.context().close();
  });

  it(`Contact Support on the error ${code} page opens the hub's support page`, async () => {
    const page = await phonePage(browser(), baseURL, browserLocale);
    const shell = new ShellPage(page);
    await shell.open(`/error/${code}`, locale === 'en' ? undefined : locale);
    const contact = page.getByTestId('contact-support');
    // The button's own words (its CSS may set them in capitals).
    expect(await contact.textContent()).toBe(support);
    await contact.click();
    await page.waitForURL(`**${prefix}/support?code=${code}`);
    expect(await shell.pageName()).toBe('support');
    expect(await shell.title().textContent()).toBe(support);
    expect(await page.getByTestId('support-code').innerText()).toContain(String(code));
    expect(await page.getByTestId('support-include').locator('li').count()).toBe(4);
    await page.context().close();
  });
});

describe('the demo keeps playing (DEMO_BOTS on)', () => {
  const browser = useBrowser();
  let server: RunningServer;

  beforeAll(async () => {
    // A fast pace: 5 s wars, no rest. The schedule a visitor sees is the championship's; there the
    // bots play the Monthly Qualifier's swiss round 2, which the demo seed starts 2 minutes after
    // the seed here (DEMO_SWISS_ROUND_LEAD_SECONDS; 15 minutes by default). The bots' ladder
    // matches are the Town Hall Cup's, another event's schedule.
    server = await startServer({
      DEMO_BOTS: 'true',
      DEMO_BOTS_INTERVAL_MS: '1000',
      DEMO_WAR_PLAY_SECONDS: '5',
      DEMO_REST_SECONDS: '0',
      DEMO_BUSY_HORIZON_SECONDS: '0',
      DEMO_SWISS_ROUND_LEAD_SECONDS: '120',
    });
  }, 200_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('a new match is played to its end while the schedule is open', async () => {
    const page = await phonePage(browser(), server.baseURL);
    const shell = new ShellPage(page);
    await shell.open('/schedule');
    await rows(page, 'completed').first().waitFor();
    const latest = async () =>
      rows(page, 'completed').first().locator('a.match-row__open').getAttribute('href');
    const before = await latest();
    // The person comes back to the schedule now and then (the Schedule tab), until a new match
    // heads the completed list.
    await expect
      .poll(
        async () => {
          await shell.tab('schedule').click();
          await rows(page, 'completed').first().waitFor();
          return latest();
        },
        { timeout: 240_000, interval: 5_000 },
      )
      .not.toBe(before);
    // The new finished match is a played war: its page shows the result of both sides.
    await rows(page, 'completed').first().locator('a.match-row__open').click();
    await page.waitForURL('**/match/**');
    expect(await shell.pageName()).toBe('match');
    expect(await page.getByTestId('match-series').getAttribute('data-state')).toBe('finished');
    const stars = await page.getByTestId('match-stars').allInnerTexts();
    expect(stars).toHaveLength(2);
    for (const side of stars) expect(side).toMatch(/★ \d+/);
    await page.context().close();
  }, 300_000);
});
