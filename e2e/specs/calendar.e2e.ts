import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { VerifyPage } from '../pages/session.page.js';
import { ShellPage } from '../pages/shell.page.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * Add to calendar (issue #34) on a phone (390 px): My Team offers the team's calendar feed and the
 * Competition page the event's, as a webcal:// subscription and a plain https link, both on screen
 * and in the page's language; the https link answers an iCalendar document with the team's or
 * event's name. Own server: it locks a team.
 */
const PHONE = { width: 390, height: 844 };
const TITANS = '#2Y0PQ9LC';

let server: RunningServer;
let browser: Browser;
let titans: LockedTeam;

async function phonePage(locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale, viewport: PHONE });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

/** The link is on screen: inside the 390 px viewport, not clipped to nothing. */
async function expectOnScreen(link: Locator) {
  await link.waitFor();
  const box = await link.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  expect(box!.height).toBeGreaterThan(0);
}

/** What the https link answers (the document a browser or web view downloads from it). */
async function feedAt(page: Page, href: string) {
  const response = await page.request.get(href);
  return { type: response.headers()['content-type'], body: await response.text() };
}

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const api = new LadderApi(server.baseURL);
  titans = await api.lockTeam(TITANS, await api.championshipStageId());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Add to calendar at 390 px', () => {
  it("My Team: the team's feed, to subscribe (webcal) or to open (https)", async () => {
    const page = await phonePage();
    const verify = new VerifyPage(page);
    await verify.openVerify();
    await verify.quickPick(titans.captainTag);
    await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
    await new ShellPage(page).open('/my-clan');
    const links = page.getByTestId('calendar-links-roster');
    const subscribe = links.getByRole('link', { name: 'Add to calendar' });
    await expectOnScreen(subscribe);
    const feedPath = `/api/tournaments/1.0/rosters/${titans.rosterId}/calendar.ics`;
    expect(await subscribe.getAttribute('href')).toBe(`webcal://${new URL(server.baseURL).host}${feedPath}`);
    const file = links.getByRole('link', { name: '.ics link' });
    await expectOnScreen(file);
    const href = (await file.getAttribute('href'))!;
    expect(href).toBe(`${server.baseURL}${feedPath}`);
    const feed = await feedAt(page, href);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.body).toContain('METHOD:PUBLISH');
    await page.context().close();
  });

  it("Competition, in French: the event's feed in French", async () => {
    const page = await phonePage('fr-FR');
    await new ShellPage(page).open('/competition', 'fr');
    const links = page.getByTestId('calendar-links-event');
    const subscribe = links.getByRole('link', { name: 'Ajouter au calendrier' });
    await expectOnScreen(subscribe);
    expect(await subscribe.getAttribute('href')).toMatch(
      /^webcal:\/\/[^/]+\/api\/tournaments\/1\.0\/events\/[0-9a-f-]{36}\/calendar\.ics\?lang=fr$/,
    );
    const file = links.getByRole('link', { name: 'Lien .ics' });
    await expectOnScreen(file);
    const feed = await feedAt(page, (await file.getAttribute('href'))!);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('X-WR-CALNAME:');
    expect(feed.body).toMatch(/SUMMARY:Fenêtre de check-in : |SUMMARY:[^\r\n]+ contre /);
    await page.context().close();
  });
});
