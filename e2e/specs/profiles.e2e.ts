import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ShellPage } from '../pages/shell.page.js';
import { useBrowser } from '../support/browser.js';
import { axeFindings, sidewaysScroll } from '../support/page-checks.js';

/*
 * Issue #38, a visitor's path at 390 px: from the leaderboard to a team's records, from its line-up
 * to a player's profile, and back to the leaderboard, in two languages. Each page is checked with
 * axe (nothing serious or critical) and for sideways scroll. The figures come from the demo
 * season's results, which the statistics count when the server starts.
 */

const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser, baseURL: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, viewport: PHONE });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

async function checkPage(page: Page, where: string): Promise<string[]> {
  const scroll = await sidewaysScroll(page, where);
  return [...(await axeFindings(page, where)), ...(scroll ? [scroll] : [])];
}

describe.each([
  { locale: 'en', browserLocale: 'en-US', record: 'Record', back: 'Back to the leaderboard' },
  { locale: 'fr', browserLocale: 'fr-FR', record: 'Bilan', back: 'Retour au classement' },
])('leaderboard → team → player and back at 390 px ($locale)', ({ locale, browserLocale, record, back }) => {
  const browser = useBrowser();
  const baseURL = inject('baseURL');
  const prefix = locale === 'en' ? '' : `/${locale}`;

  it('follows the links a visitor clicks, and axe finds nothing serious on the way', async () => {
    const page = await phonePage(browser(), baseURL, browserLocale);
    const shell = new ShellPage(page);
    const problems: string[] = [];
    await shell.open('/leaderboard', locale === 'en' ? undefined : locale);
    const firstRow = page.getByTestId('leaderboard-row').first();
    await firstRow.waitFor();
    const rosterId = await firstRow.getAttribute('data-roster-id');
    problems.push(...(await checkPage(page, `${prefix}/leaderboard`)));
    // The team's name on the leaderboard opens its page.
    await firstRow.getByTestId('team-link').click();
    await page.waitForURL(`**${prefix}/team/${rosterId}`);
    // React keeps the page it leaves on screen until the next one's chunk and data are in.
    await page.getByTestId('page-team').waitFor();
    expect(await shell.pageName()).toBe('team');
    await page.getByTestId('team-record').waitFor();
    expect(await page.locator('#team-record-title').textContent()).toBe(record);
    // The points chart: an SVG image with a title and description, and its table behind it.
    const chart = page.getByTestId('team-points-chart');
    expect(await chart.locator('svg[role="img"] title').count()).toBe(1);
    await chart.locator('summary').click();
    expect(await chart.locator('tbody tr').count()).toBeGreaterThan(0);
    problems.push(...(await checkPage(page, `${prefix}/team`)));

    const player = page.getByTestId('team-lineups').getByTestId('stats-player-link').first();
    const playerName = await player.textContent();
    await player.click();
    await page.waitForURL(`**${prefix}/player/**`);
    await page.getByTestId('page-player').waitFor();
    expect(await shell.pageName()).toBe('player');
    expect(await shell.title().textContent()).toBe(playerName);
    expect(Number(await page.getByTestId('player-overall-wars').textContent())).toBeGreaterThan(0);
    problems.push(...(await checkPage(page, `${prefix}/player`)));

    // Back: the browser's back button to the team, then its link to the leaderboard.
    await page.goBack();
    await page.waitForURL(`**${prefix}/team/${rosterId}`);
    await page.getByTestId('team-record').waitFor();
    const backLink = page.getByTestId('stats-back');
    expect(await backLink.textContent()).toBe(back);
    await backLink.click();
    await page.waitForURL(`**${prefix}/leaderboard`);
    await page.getByTestId('page-leaderboard').waitFor();
    expect(await shell.pageName()).toBe('leaderboard');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
