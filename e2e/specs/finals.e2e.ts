import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.js';

/*
 * World Championship Finals Day 1, 2 and 3 pages and the Town Hall Cup pages (spec 2, issue #7),
 * read from the demo season: the archived 2025 World Finals played out to a champion (15 matches,
 * 6 / 6 / 3 over three days) and the TH9 cup whose ladder advanced to its Finals. Each page is
 * opened on a phone (390×844) and a laptop (1280×800).
 */
const T = '/api/tournaments/1.0';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

describe('World Championship Finals and Town Hall Cup pages', () => {
  const browser = useBrowser();
  const baseURL = inject('baseURL');
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The demo season seeds the 2025 World Finals' stage: its bracket info names the champion.
    const events = (await (await fetch(`${baseURL}${T}/events`)).json()) as {
      data: { id: string; attributes: { name: string; prizes?: { pool: number } | null } }[];
    };
    const world = events.data.find((e) => e.attributes.name.includes('World Championship 2025'));
    expect(world?.attributes.prizes?.pool).toBe(700_000);
  });
  afterAll(async () => {
    await context?.close();
  });

  const open = async (width: number, height: number) => {
    await context?.close();
    context = await browser().newContext({ baseURL, viewport: { width, height }, locale: 'en-US' });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  };

  /** The page never scrolls sideways: nothing is wider than the viewport. */
  const noSidewaysScroll = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  for (const { name, width, height } of VIEWPORTS) {
    describe(`${name} ${width}×${height}`, () => {
      beforeAll(async () => {
        await open(width, height);
      });

      it('day 1: matches 1 to 6 with dates in GMT, the eight finalists and the champion banner', async () => {
        await page.goto('/world-finals/day-1');
        await page.getByTestId('page-world-finals-day-1').waitFor();
        await page.getByTestId('finals-match').first().waitFor();
        expect(await page.getByTestId('finals-match').count()).toBe(6);
        expect(await page.getByTestId('finals-match').first().textContent()).toContain('Match 1');
        expect(await page.getByTestId('finals-match-date').first().textContent()).toMatch(/2025.*GMT/);
        // Finished matches show their score.
        expect(await page.getByTestId('finals-match-score').first().textContent()).toMatch(/\d+ : \d+|FF/);
        expect(await page.getByTestId('finalist').count()).toBe(8);
        expect(await page.getByTestId('champion-banner').textContent()).toContain('Congratulations');
        expect(await page.getByTestId('attack-order').count()).toBe(0);
        await noSidewaysScroll();
        await page.screenshot({ path: `/tmp/h7-day1-${width}.png`, fullPage: true });
      });

      it('day 2: matches 7 to 12 and the attack-order table', async () => {
        await page.getByRole('link', { name: 'Day 2' }).click();
        await page.getByTestId('page-world-finals-day-2').waitFor();
        await page.getByTestId('attack-order').waitFor();
        expect(await page.getByTestId('finals-match').count()).toBe(6);
        expect(await page.getByTestId('finals-match').first().textContent()).toContain('Match 7');
        const rows = page.getByTestId('attack-order-row');
        expect(await rows.count()).toBe(10);
        expect(await rows.first().textContent()).toContain('37m');
        expect(await rows.last().textContent()).toContain('1m');
        await noSidewaysScroll();
        await page.screenshot({ path: `/tmp/h7-day2-${width}.png`, fullPage: true });
      });

      it('day 3: matches 13 to 15 and the champion congratulated', async () => {
        await page.goto('/world-finals/day-3');
        await page.getByTestId('page-world-finals-day-3').waitFor();
        await page.getByTestId('champion-banner').waitFor();
        expect(await page.getByTestId('finals-match').count()).toBe(3);
        const champion = await page.getByTestId('champion-name').textContent();
        expect(champion).toMatch(/wins the Clash of Clans World Championship 2025/);
        await noSidewaysScroll();
        await page.screenshot({ path: `/tmp/h7-day3-${width}.png`, fullPage: true });
      });

      it('a cup page: the TH9 Finals bracket and its Ladder', async () => {
        await page.goto('/town-hall-cup/9?tab=finals');
        await page.getByTestId('page-town-hall-cup').waitFor();
        await page.getByTestId('double-elimination-bracket').waitFor();
        expect(await page.getByTestId('finalist').count()).toBe(8);
        await page.screenshot({ path: `/tmp/h7-cup9-finals-${width}.png`, fullPage: true });
        await page.getByTestId('cup-tab-ladder').click();
        await page.getByTestId('leaderboard-row').first().waitFor();
        expect(await page.getByTestId('leaderboard-row').count()).toBeGreaterThan(1);
        await noSidewaysScroll();
        await page.screenshot({ path: `/tmp/h7-cup9-ladder-${width}.png`, fullPage: true });
      });
    });
  }

  it('the overview in French: prize pool from the event, the days and the bracket', async () => {
    await open(1280, 800);
    await page.goto('/fr/world-finals');
    await page.getByTestId('page-world-finals').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Finale du championnat du monde',
    );
    expect(await page.getByTestId('prize-pool').textContent()).toMatch(/700\s000\s\$US/);
    expect(await page.getByTestId('finals-day-card').count()).toBe(3);
    await page.getByTestId('finals-bracket').waitFor();
    await page.screenshot({ path: '/tmp/h7-overview-fr-1280.png', fullPage: true });
  });
});
