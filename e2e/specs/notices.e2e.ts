import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { MatchFoundModal } from '../pages/match-found.page.js';
import { NoticesPage } from '../pages/notices.page.js';
import { QueuePage } from '../pages/queue.page.js';
import { VerifyPage } from '../pages/session.page.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server-process.js';

/*
 * The notification centre (issue #34), in two locales: two captains are matched, one in English and
 * one in French; the French captain declines. The match-found notice reaches both bells and lists,
 * the decline reaches the other captain; each taps "match found" in the list and lands on the
 * competition page, in their language.
 */
const TITANS = '#2Y0PQ9LC';
const RAIDERS = '#9RJGCUV2';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let titans: LockedTeam;
let raiders: LockedTeam;

async function captainPage(tag: string): Promise<Page> {
  const context = await newContext(browser, server.baseURL);
  contexts.push(context);
  const page = await context.newPage();
  const verify = new VerifyPage(page);
  await verify.openVerify();
  await verify.quickPick(tag);
  await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
  return page;
}

async function queueOn(page: Page, locale?: string): Promise<QueuePage> {
  const queue = new QueuePage(page);
  await queue.open('/competition', locale);
  await queue.panel().waitFor();
  await queue.joinQueue();
  return queue;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const api = new LadderApi(server.baseURL);
  const stageId = await api.championshipStageId();
  titans = await api.lockTeam(TITANS, stageId);
  raiders = await api.lockTeam(RAIDERS, stageId);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('notification centre', () => {
  it('match found reaches the bell and the list in English and French; tapping it leads to the competition page', async () => {
    const pageEn = await captainPage(titans.captainTag);
    const pageFr = await captainPage(raiders.captainTag);
    await queueOn(pageEn);
    await queueOn(pageFr, 'fr');

    const modalEn = new MatchFoundModal(pageEn);
    const modalFr = new MatchFoundModal(pageFr);
    await modalEn.waitForPhase('found');
    await modalFr.waitForPhase('found');
    await modalFr.decline();
    await modalFr.waitClosed(10_000);
    await modalEn.waitClosed(10_000);

    // Live: the French captain has "match found"; the English one also the decline.
    const en = new NoticesPage(pageEn);
    const fr = new NoticesPage(pageFr);
    await en.waitForBellLabel('Notifications, 2 unread');
    await fr.waitForBellLabel('Notifications, 1 non lue');

    await en.bell().click();
    await pageEn.waitForURL((url) => url.pathname === '/notifications');
    await en.notice('match_found').waitFor();
    expect(await en.kinds()).toEqual(['match_declined', 'match_found']);
    expect(await en.noticeLink('match_declined').textContent()).toContain(
      'Your opponent declined the match.',
    );
    await en.noticeLink('match_found').click();
    await pageEn.waitForURL((url) => url.pathname === '/competition');
    // The URL changes first; the competition page replaces the list once its data is in.
    await pageEn.getByTestId('page-competition').waitFor();
    await en.waitForBellLabel('Notifications, 1 unread');

    await fr.bell().click();
    await pageFr.waitForURL((url) => url.pathname === '/fr/notifications');
    await fr.notice('match_found').waitFor();
    expect(await fr.kinds()).toEqual(['match_found']);
    expect(await fr.title().textContent()).toBe('Notifications');
    expect(await fr.noticeLink('match_found').textContent()).toContain('Match trouvé !');
    await fr.noticeLink('match_found').click();
    await pageFr.waitForURL((url) => url.pathname === '/fr/competition');
    await pageFr.getByTestId('page-competition').waitFor();
    expect(await fr.htmlLang()).toBe('fr');
    await fr.waitForBellLabel('Notifications');
    // A bound for a loaded machine (two captains, two browsers), not a timing of the journey.
  }, 180_000);
});
