import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminStagesPage } from '../pages/admin-stages.page.js';
import { LadderApi } from '../pages/ladder-api.js';
import { type ActionCount, watchActions } from '../support/action-counter.js';
import { API_PATHS, ApiClient } from '../support/api-client.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * Issue 31, the organizer's season through the console only, at 1280×800: from an empty event to
 * the champion of a double-elimination final fed by a swiss stage. The admin creates the event,
 * adds its stages on the timeline (a container that holds the rosters, a swiss stage, a
 * double-elimination final), opens registration with a phase and sets the swiss stage's advance
 * rule; creates the swiss stage with the seeds and the round-1 preview, enters every result round
 * by round, advances, follows the link to the final, whose seeds are the four qualified teams
 * (reordered once, the preview following), and enters the bracket's results to a champion.
 *
 * Set-up a person does not do in the console goes through the API, as the players would: five
 * simulated clans register for the new event and lock their rosters (the clan service's calls).
 * Everything the organizer does is a click or a field in the console, counted and printed.
 * Own server: it creates an event.
 */
const ADMIN = { email: 'admin@clanwarhub.local', password: 'ClanWarHub!2025' };
const T = API_PATHS.tournaments;
const EVENT = 'E2E Spring Cup';
const CONTAINER = 'Spring Championship';
const SWISS = 'Spring Swiss';
const FINAL = 'Spring Finals';
/** Every simulated clan with five town hall 17 players: an odd field, so each swiss round has a bye. */
const TEAMS = 5;
const REASON = 'War log checked';

let server: RunningServer;
let browser: Browser;
let page: Page;
let admin: AdminPage;
let stages: AdminStagesPage;
let actions: ActionCount;
const contexts: BrowserContext[] = [];

/** `datetime-local` value (GMT) `days` from now, on the hour. */
const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCMinutes(0, 0, 0);
  return date.toISOString().slice(0, 16);
};

/** Simulated clans whose leader and four others share a town hall 17: they can field a roster. */
async function th17Clans(baseURL: string): Promise<string[]> {
  const players = (
    await new ApiClient(baseURL).call<{
      data: {
        attributes: {
          clanTag: string | null;
          role: string | null;
          townHallLevel: number;
          banned?: boolean;
        };
      }[];
    }>('GET', '/api/simulator/1.0/players')
  ).data.map((p) => p.attributes);
  const clans = new Map<string, { leader: boolean; count: number }>();
  for (const p of players) {
    if (!p.clanTag || p.townHallLevel !== 17 || p.banned) continue;
    const clan = clans.get(p.clanTag) ?? { leader: false, count: 0 };
    clan.count += 1;
    clan.leader ||= p.role === 'leader';
    clans.set(p.clanTag, clan);
  }
  return [...clans].filter(([, c]) => c.leader && c.count >= 5).map(([tag]) => tag);
}

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  page = await context.newPage();
  admin = new AdminPage(page);
  stages = new AdminStagesPage(page);
  actions = watchActions(page);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

const finishedRows = () => stages.page.locator('[data-testid="stage-series-row"][data-state="finished"]');

/** Enters a result (home wins 3 to 1) on every open series of the stage, one dialog each. */
async function enterOpenResults(): Promise<number> {
  let entered = 0;
  while ((await stages.openRows().count()) > 0) {
    const finished = await finishedRows().count();
    await stages.recordResult(stages.openRows().first(), 3, 1, REASON);
    entered += 1;
    // The table shows the result before the next row is taken (a cancelled reset final may end with it).
    await expect.poll(() => finishedRows().count()).toBeGreaterThan(finished);
  }
  return entered;
}

/** The series waiting for a result as "home vs away" names, sorted. */
async function openPairings(): Promise<string[]> {
  const rows = stages.openRows();
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await stages.teamsOf(rows.nth(i))).join(' vs '));
  return out.sort();
}

/** "A (1) vs B (6)" → "A vs B"; byes dropped (a bye is no series to play). */
const byName = (preview: string[]) =>
  preview
    .filter((line) => line.includes(' vs '))
    .map((line) => line.replace(/ \(\d+\)/g, ''))
    .sort();

describe('an organizer runs a season from an empty event to a champion, in the console only', () => {
  let card: Locator;

  it('signs in and creates the event: its timeline is empty', async () => {
    await admin.open();
    await admin.signIn(ADMIN.email, ADMIN.password);
    await admin.signedIn().waitFor();
    await admin.createEvent(EVENT, inDays(-1), inDays(60));
    card = await admin.openEvent(EVENT);
    expect(await card.getByTestId('timeline-empty').textContent()).toContain('No stage yet');
  });

  it('adds a container, a swiss stage and a double-elimination final on the timeline', async () => {
    // The first stage of an empty event is the container that holds the rosters.
    await admin.addStage(card, CONTAINER);
    // The next ones default to stages inside it, at its dates: a name (and the format) is enough.
    await admin.addStage(card, SWISS);
    await admin.addStage(card, FINAL, 'Double elimination');
    const timeline = await card.locator('.admin-timeline li').allTextContents();
    expect(timeline).toHaveLength(3);
    expect(timeline.find((t) => t.includes(FINAL))).toContain('Double elimination');
    expect(timeline.find((t) => t.includes(SWISS))).toContain('Swiss');
    // Inside the container (one level down on the timeline).
    expect(timeline.find((t) => t.includes(SWISS))).toMatch(/^— Spring Swiss/);
  });

  it('opens registration with a phase and sets the swiss stage’s advance rule', async () => {
    await admin.addRegistrationPhase(
      admin.segmentEditor(card, CONTAINER),
      'Registration',
      inDays(-1),
      inDays(7),
    );
    await expect.poll(() => admin.segmentEditor(card, CONTAINER).textContent()).toContain('Registration (');
    await admin.addAdvanceRule(admin.segmentEditor(card, SWISS), '1, 2, 3, 4', FINAL);
    await expect
      .poll(() => admin.segmentEditor(card, SWISS).getByTestId('rule-items').textContent())
      .toContain(`1, 2, 3, 4 → ${FINAL}`);
    await page.screenshot({ path: '/tmp/organizer-season-timeline-1280.png', fullPage: true });
  });

  it('five teams register and lock their rosters (the players, through the clan service)', async () => {
    const api = await new ApiClient(server.baseURL).login(ADMIN.email, ADMIN.password);
    const events = (
      await api.call<{ data: { id: string; attributes: { name: string } }[] }>('GET', `${T}/events`)
    ).data;
    const eventId = events.find((e) => e.attributes.name === EVENT)!.id;
    const segments = (
      await api.call<{ data: { id: string; attributes: { name: string } }[] }>(
        'GET',
        `${T}/events/${eventId}/segments?page[size]=100`,
      )
    ).data;
    const containerId = segments.find((s) => s.attributes.name === CONTAINER)!.id;
    const clans = new LadderApi(server.baseURL);
    let locked = 0;
    for (const clan of await th17Clans(server.baseURL)) {
      if (locked === TEAMS) break;
      if (
        await clans.lockTeam(clan, containerId).then(
          () => true,
          () => false,
        )
      )
        locked += 1;
    }
    expect(locked).toBe(TEAMS);
  });

  it('creates the swiss stage: the five teams seeded, round 1 previewed and created as previewed', async () => {
    await card.getByRole('link', { name: `Stages of ${SWISS}` }).click();
    await stages.root().waitFor();
    await stages.createForm().getByTestId('seed-input').first().waitFor();
    await page.screenshot({ path: '/tmp/organizer-season-swiss-create-1280.png', fullPage: true });
    await expect
      .poll(() => stages.seeds().then((s) => s.filter(Boolean).length), { timeout: 10_000 })
      .toBe(TEAMS);
    // Three rounds for five teams (the server's default), without typing.
    expect(await stages.createForm().getByRole('textbox', { name: 'Rounds' }).inputValue()).toBe('3');
    // Two pairings and the odd team's bye.
    const preview = await stages.preview();
    expect(preview).toHaveLength(3);
    expect(preview.filter((line) => line.endsWith(': bye'))).toHaveLength(1);
    await stages.createForm().getByLabel('First match (GMT, optional)').fill(inDays(1));
    await page.screenshot({ path: '/tmp/organizer-season-swiss-preview-1280.png', fullPage: true });
    await stages.create();
    await expect.poll(() => stages.openRows().count()).toBe(2);
    expect(await openPairings()).toEqual(byName(preview));
  });

  it('enters the results round by round and starts each next round', async () => {
    for (let round = 1; round <= 3; round++) {
      await expect.poll(() => stages.currentRound().textContent()).toBe(`Round ${round} of at most 3`);
      expect(await enterOpenResults()).toBe(2);
      if (round < 3) {
        await page.getByTestId('stage-next-round').click();
        await expect.poll(() => stages.openRows().count()).toBe(2);
      }
    }
    await expect.poll(() => page.getByTestId('stage-complete').textContent()).toBe('Yes');
  });

  it('advances: the best four qualify for the final', async () => {
    await page.getByTestId('stage-advance').click();
    await stages.confirm('Advance');
    const outcome = page.getByTestId('advance-results');
    await outcome.waitFor();
    expect(await outcome.locator('tbody tr').count()).toBe(TEAMS);
    expect(await outcome.locator('tbody tr').filter({ hasText: 'Qualified' }).count()).toBe(4);
  });

  it('seeds the final from who qualified: the preview follows a reorder, the bracket is created so', async () => {
    const qualified = await page
      .getByTestId('advance-results')
      .locator('tbody tr')
      .filter({ hasText: 'Qualified' })
      .locator('td:nth-child(2)')
      .allTextContents();
    await page
      .getByTestId('advance-next')
      .getByRole('link', { name: `Seed the next stage: ${FINAL}` })
      .click();
    await expect.poll(() => page.getByTestId('stage-segment-name').textContent()).toBe(`Stage: ${FINAL}`);
    await stages.createForm().getByTestId('seed-input').first().waitFor();
    // The four qualified teams, seeded 1 to 4 in their swiss order; the two others left out.
    await expect
      .poll(() => stages.createForm().getByTestId('seed-qualified').count(), { timeout: 10_000 })
      .toBe(4);
    expect((await stages.seeds()).filter(Boolean)).toEqual(['1', '2', '3', '4']);
    const [s1, s2, s3, s4] = qualified;
    expect(await stages.preview()).toEqual([`${s1} (1) vs ${s4} (4)`, `${s2} (2) vs ${s3} (3)`]);
    // The organizer swaps seeds 3 and 4: the preview follows.
    await stages
      .createForm()
      .getByRole('button', { name: `Move ${s4} up a seed` })
      .click();
    const preview = await stages.preview();
    expect(preview).toEqual([`${s1} (1) vs ${s3} (4)`, `${s2} (2) vs ${s4} (3)`]);
    await stages.createForm().getByLabel('First match (GMT, optional)').fill(inDays(1));
    await page.screenshot({ path: '/tmp/organizer-season-final-preview-1280.png', fullPage: true });
    await stages.create();
    await expect.poll(() => stages.openRows().count()).toBe(2);
    expect(await openPairings()).toEqual(byName(preview));
  });

  it('enters the bracket’s results to a champion', async () => {
    let entered = 0;
    // Each pass plays the matches whose two teams are known; the next ones then become ready.
    for (let pass = 0; pass < 8 && entered < 6; pass++) {
      entered += await enterOpenResults();
      await expect
        .poll(() =>
          stages
            .openRows()
            .count()
            .then((n) => n > 0 || entered >= 6),
        )
        .toBe(true);
    }
    await expect.poll(() => page.getByTestId('stage-complete').textContent()).toBe('Yes');
    // Home always wins: the upper bracket's winner takes the first grand final, no reset.
    expect(entered).toBe(6);
    const champion = await page.getByTestId('stage-champion').textContent();
    expect(champion).not.toBe('—');
    await page.screenshot({ path: '/tmp/organizer-season-champion-1280.png', fullPage: true });
    console.log(
      `[actions] organizer season, empty event to champion: ${actions.clicks} clicks, ${actions.fields} fields`,
    );
    expect(actions.clicks).toBeGreaterThan(0);
  });
});
