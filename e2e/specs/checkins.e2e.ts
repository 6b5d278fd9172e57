import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckInsPage } from '../pages/checkins.page.js';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { VerifyPage } from '../pages/session.page.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * Stage check-ins on a phone (issue #7, spec 2/4): the captain of a locked team sees Tournament
 * Check In on My Team and checks in to a monthly qualifier (single confirm, then the roster is
 * reloaded until it says checked in); the organizer starts the stage with the first match in 3
 * minutes; the captain's 10 s poll shows the match check-in prompt bottom right with the roster
 * (tag, role, town hall; the captain locked); the captain picks 5 and taps START WAR, which checks
 * in and opens the war's deep link. Own server: it adds a segment and starts its stage.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';
const TITANS = '#2Y0PQ9LC';
const RAIDERS = '#9RJGCUV2';
const QUALIFIER = 'E2E Check-in Qualifier';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let titans: LockedTeam;
let raiders: LockedTeam;
let segmentId = '';

async function call<R>(method: string, path: string, body?: unknown): Promise<R> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as R;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const api = new LadderApi(server.baseURL);
  const stageId = await api.championshipStageId();
  await api.endWar(TITANS);
  await api.endWar(RAIDERS);
  titans = await api.lockTeam(TITANS, stageId);
  raiders = await api.lockTeam(RAIDERS, stageId);
  const login = await call<{ data: { attributes: { token: { value: string } } } }>(
    'POST',
    '/api/users/1.0/login',
    {
      data: { attributes: ORGANIZER },
    },
  );
  token = login.data.attributes.token.value;
  const stage = await call<{ data: { relationships: { event: { data: { id: string } } } } }>(
    'GET',
    `${T}/segments/${stageId}`,
  ).catch(() => null);
  const eventId =
    stage?.data.relationships.event.data.id ??
    (
      await call<{ data: { id: string; attributes: { competition: string; status: string } }[] }>(
        'GET',
        `${T}/events`,
      )
    ).data.find((e) => e.attributes.competition === 'championship' && e.attributes.status === 'active')!.id;
  // The season's own stages close their check-in windows, so this test's qualifier is the one open.
  const segments = await call<{
    data: { id: string; attributes: { segmentCheckinsConfig: { enabled: boolean } } }[];
  }>('GET', `${T}/events/${eventId}/segments`);
  for (const other of segments.data.filter((s) => s.attributes.segmentCheckinsConfig.enabled)) {
    await call('PATCH', `${T}/events/${eventId}/segments/${other.id}`, {
      data: { attributes: { segmentCheckinsConfig: { enabled: false, openWindow: null } } },
    });
  }
  // A monthly qualifier running now, its check-in window open: created before the captain's page
  // loads the season's segments.
  const now = Date.now();
  const created = await call<{ data: { id: string } }>('POST', `${T}/events/${eventId}/segments`, {
    data: {
      attributes: {
        name: QUALIFIER,
        parentId: stageId,
        format: 'Swiss: check-in e2e',
        stageCode: 'MQ',
        eliminationType: 'swiss',
        type: 'swiss',
        configuration: { thLevel: 17, phase: 'MONTHLY_QUALIFIERS' },
        segmentCheckinsConfig: {
          enabled: true,
          openWindow: { from: iso(now - 3_600_000), to: iso(now + 3_600_000) },
        },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 8, standbyLimit: 0 },
        date: { from: iso(now - 3_600_000), to: iso(now + 86_400_000) },
      },
    },
  });
  segmentId = created.data.id;
  context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
  });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  const verify = new VerifyPage(page);
  await verify.openVerify();
  await verify.quickPick(titans.captainTag);
  await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('stage check-ins', () => {
  it('the captain checks in to the monthly qualifier from My Team', async () => {
    const checkIns = new CheckInsPage(page);
    await checkIns.open('/my-clan');
    await checkIns.tournamentCheckInButton().waitFor();
    // The phase reads the stage timeline, a query of its own that may land after the button's.
    await expect
      .poll(() => checkIns.teamPhase().getAttribute('data-phase'), { timeout: 15_000 })
      .toBe('preSegmentCheckIn');
    await page.screenshot({ path: '/tmp/h4-my-team-390.png', fullPage: true });
    await checkIns.tournamentCheckInButton().click();
    await checkIns.segmentModal().waitFor();
    // A monthly qualifier is a single confirm: no players to pick.
    expect(await checkIns.segmentModal().getByTestId('checkin-player').count()).toBe(0);
    await page.screenshot({ path: '/tmp/h4-segment-modal-390.png' });
    await checkIns.segmentSubmit().click();
    await checkIns.segmentSuccess().waitFor();
    expect(await checkIns.segmentSuccess().textContent()).toBe(`Your team is checked in for ${QUALIFIER}.`);
    await page.screenshot({ path: '/tmp/h4-segment-success-390.png' });
    await page.getByTestId('segment-checkin-close').click();
    await checkIns.tournamentCheckInButton().waitFor({ state: 'detached' });
    const roster = await call<{ data: { attributes: { checkedIn: boolean } } }>(
      'GET',
      `${T}/rosters/${titans.rosterId}`,
    );
    expect(roster.data.attributes.checkedIn).toBe(true);
  });

  it('the match check-in prompt lists the roster; the captain picks 5 and taps START WAR', async () => {
    await call('POST', `${T}/segments/${segmentId}/bracket`, {
      data: {
        attributes: {
          format: 'swiss',
          rosterIds: [titans.rosterId, raiders.rosterId],
          rounds: 1,
          startsAt: iso(Date.now() + 3 * 60_000),
        },
      },
    });
    // Creating the swiss stage pairs round 1 (its series dated startsAt).
    const checkIns = new CheckInsPage(page);
    // The owner's poll runs every 10 s.
    await checkIns.prompt().waitFor({ timeout: 25_000 });
    expect(await checkIns.promptText().textContent()).toBe('Select 5 players and tap START WAR.');
    expect(await checkIns.players().count()).toBe(5);
    const captain = checkIns.player(titans.captainTag);
    expect(await captain.getAttribute('data-locked')).toBe('captain');
    expect(await captain.textContent()).toContain(`${titans.captainTag} · Leader · TH17`);
    // Exactly five on the clan's level: all preselected; one out and back in.
    expect((await checkIns.selectedTags()).sort()).toEqual([...titans.playerTags].sort());
    const other = titans.playerTags.find((tag) => tag !== titans.captainTag)!;
    await checkIns.player(other).getByRole('checkbox').uncheck();
    expect(await checkIns.startWar().isDisabled()).toBe(true);
    await checkIns.player(other).getByRole('checkbox').check();
    expect(await checkIns.startWar().isEnabled()).toBe(true);
    // Bottom right inside a 390 px screen, above the ladder's docked Queue button (still running).
    await page.screenshot({ path: '/tmp/h4-match-prompt-390.png' });
    const box = (await checkIns.prompt().boundingBox())!;
    const dock = (await page.getByTestId('queue-panel').boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(390 - 20);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(dock.y);
    expect(box.y + box.height).toBeGreaterThan(844 - 120);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkIns.startWar().click();
    // Checked in; the war's link comes once the opponent is in too.
    await page.getByTestId('checkin-prompt-waiting').waitFor();
    await page.screenshot({ path: '/tmp/h4-match-waiting-390.png' });
    const match = await seriesId();
    const raidersToken = await new LadderApi(server.baseURL).playerToken(raiders.captainTag);
    const opponent = await fetch(`${server.baseURL}/api/war/1.0/match-check-in`, {
      method: 'POST',
      headers: { accept: JSONAPI, 'content-type': JSONAPI, authorization: `Bearer ${raidersToken}` },
      body: JSON.stringify({
        data: {
          type: 'match-check-ins',
          attributes: { matchSeriesId: match, playerTags: raiders.playerTags },
        },
      }),
    });
    expect(opponent.status).toBe(200);
    await checkIns.startWar().click();
    // The war's deep link opens (the simulated game's war page); the prompt never covers it.
    await page.waitForURL(/\/simulator\/war\//, { timeout: 20_000 });
    await page
      .getByTestId('page-sim-war')
      .waitFor()
      .catch(() => undefined);
    expect(await page.getByTestId('checkin-prompt').count()).toBe(0);
    await page.screenshot({ path: '/tmp/h4-after-start-war-390.png' });
    const checkins = await call<{ data: { attributes: { user: { id: string } } }[] }>(
      'GET',
      `/api/matches/1.0/checkins?filter[matchSeries]=${encodeURIComponent(match)}`,
    );
    expect(checkins.data).toHaveLength(2);
  });
});

async function seriesId(): Promise<string> {
  const info = await call<{ data: { id: string } }>('GET', `${T}/segments/${segmentId}/bracket/info`);
  const list = await call<{ data: { id: string }[] }>(
    'GET',
    `${T}/bracket/${info.data.id}/match-series?page[size]=10`,
  );
  return list.data[0]!.id;
}
