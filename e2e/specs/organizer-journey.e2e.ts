import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminMatchSeriesPage } from '../pages/admin-match-series.page.js';
import { AdminRostersPage } from '../pages/admin-rosters.page.js';
import { AdminStagesPage } from '../pages/admin-stages.page.js';
import { LadderApi } from '../pages/ladder-api.js';
import { type ActionCount, watchActions } from '../support/action-counter.js';
import { API_PATHS, ApiClient } from '../support/api-client.js';
import { launchBrowser } from '../support/browser.js';
import { monthLater } from '../support/dates.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * Issue #8's journey at 1280×800, by the season's staff in the console (issue 31: each step is what
 * a person does there). The organizer signs in, clones last season one month later, edits a stage's
 * dates and adds a registration phase in the copy, adds a 4-team double-elimination stage to the
 * current season with its advance rule, creates its bracket from the seeds, enters every result to a
 * champion and runs the advancement, and corrects a ladder result with a reason. The support staff
 * member (signing in on the same console after the organizer signs out) resets a player's password
 * through the outbox mail (the player sets a new one from the mail's link and signs in with it) and
 * suspends that player (the login then answers 401 UNAUTHENTICATED "This account is suspended" and
 * the player's token stops working). The organizer, back, sees the suspension on the player's roster,
 * makes that roster the entry of the team the player founded and follows the team link. Support then
 * reads all of it, before and after, in the activity log: filtered by who did it and by object type.
 *
 * Roles as the console gives them (domain consoleSections): an organizer runs events but sees no
 * Users, Activity log or Mail outbox; support has those and no events. Nobody is given a permission
 * for the journey: the staff switch accounts through the console's sign-out and sign-in.
 *
 * Set-up a person does not do in the console goes through the API: simulated clans register and lock
 * their rosters (the clan service's calls), so the new stage has 4 teams. The player founding a team
 * (POST /teams) is the player's own call, not the console's.
 *
 * Order: the password reset comes before the suspension because a demo player has no password until
 * they choose one, and the refused sign-in must be refused for the suspension, not the password (the
 * server checks the password first so a guesser learns nothing about the account).
 *
 * Own server: it changes the season, results and users.
 */
const ADMIN = { email: 'admin@clanwarhub.local', password: 'ClanWarHub!2025' };
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SUPPORT = { email: 'support@clanwarhub.local', password: 'Support!2025' };
const SEASON_PREFIX = 'Clash of Clans Championship';
const T = API_PATHS.tournaments;
const U = API_PATHS.users;
const STAGE = 'E2E Journey Finals';
const NEXT = 'Championship Finals';
const NEW_PASSWORD = 'Journey-New-Pass1';
/** The team the player creates once signed in; the organizer makes their roster its entry. */
const TEAM = 'Journey Serpents Esports';
/** Simulated clans locked when the season has fewer than 4 locked rosters of its own. */
const SIM_CLANS = ['#2PP0QJ8Y', '#2Y0PQ9LC', '#L0V9C2JG', '#P28QY0LR'];
/** Teams of the new double-elimination stage, and the reason of each result the organizer enters. */
const STAGE_TEAMS = 4;
const RESULT_REASON = 'Journey: war log checked';

interface Segment {
  id: string;
  attributes: { name: string; level: number; date: { from: string; to: string } };
}
interface Listed {
  id: string;
  attributes: { name: string; status: string };
}

let server: RunningServer;
let browser: Browser;
let staffApi: ApiClient;
let season = { id: '', name: '' };
let clone = '';
let ladderSeriesId = '';
let player = { id: '', email: '' };
const contexts: BrowserContext[] = [];

const segmentsOf = async (api: ApiClient, eventId: string) =>
  (await api.call<{ data: Segment[] }>('GET', `${T}/events/${eventId}/segments?page[size]=100`)).data;

const lockedRosters = async (api: ApiClient, segmentId: string) =>
  (
    await api.call<{ data: { attributes: { locked: boolean; withdrawnAt: string | null } }[] }>(
      'GET',
      `${T}/rosters?filter[segment]=${segmentId}&page[size]=100`,
    )
  ).data.filter((r) => r.attributes.locked && !r.attributes.withdrawnAt).length;

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const admin = await new ApiClient(server.baseURL).login(ADMIN.email, ADMIN.password);
  // The test's own reads (what to look for on the pages) go through the organizer's account.
  staffApi = await new ApiClient(server.baseURL).login(ORGANIZER.email, ORGANIZER.password);
  const events = (await staffApi.call<{ data: Listed[] }>('GET', `${T}/events`)).data;
  const active = events.find(
    (e) => e.attributes.status === 'active' && e.attributes.name.startsWith(SEASON_PREFIX),
  )!;
  season = { id: active.id, name: active.attributes.name };
  clone = `${season.name} (next month)`;
  const segments = await segmentsOf(staffApi, season.id);
  const th17 = segments.find((s) => s.attributes.name === 'Championship TH17')!;
  // 4 locked rosters: the demo season's, topped up with simulated clans locked through the clan service.
  const clans = new LadderApi(server.baseURL);
  for (const clan of SIM_CLANS) {
    if ((await lockedRosters(staffApi, th17.id)) >= STAGE_TEAMS) break;
    await clans.lockTeam(clan, th17.id).catch(() => undefined);
  }
  expect(await lockedRosters(staffApi, th17.id)).toBeGreaterThanOrEqual(STAGE_TEAMS);

  // A finished ladder series of the season, on the first page the Match series page lists.
  const finished = await staffApi.call<{ data: { id: string; attributes: { competition?: string } }[] }>(
    'GET',
    `${T}/match-series?filter[event]=${season.id}&filter[state]=finished&page[size]=50`,
  );
  ladderSeriesId = finished.data.find((s) => s.attributes.competition === 'ladder')?.id ?? '';
  expect(ladderSeriesId, 'the demo season has a finished ladder series').not.toBe('');

  // A demo player: the seed gives players no password until they choose one.
  const demo = (
    await admin.call<{ data: { id: string; attributes: { email: string } }[] }>(
      'GET',
      `${U}/users?filter[search]=demo.clanwarhub.local&page[size]=1`,
    )
  ).data[0]!;
  player = { id: demo.id, email: demo.attributes.email };
});

/** The staff's clicks and fields in the console, both accounts (the player's own page is not counted). */
let staffActions: ActionCount | null = null;

afterAll(async () => {
  if (staffActions) {
    console.log(
      `[actions] organizer journey (console, organizer and support): ${staffActions.clicks} clicks, ${staffActions.fields} fields`,
    );
  }
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return context.newPage();
}

describe('the season’s staff run it from the console, each with their own account', () => {
  let page: Page;
  let admin: AdminPage;
  let stages: AdminStagesPage;

  const menu = () => page.getByTestId('admin-nav').getByRole('link').allTextContents();

  /** The staff member at the console signs out and `who` signs in there. */
  async function switchTo(who: { email: string; password: string }): Promise<void> {
    await admin.signOut();
    await admin.signIn(who.email, who.password);
    await expect.poll(() => admin.signedIn().textContent()).toContain(who.email);
  }

  const finishedRows = () => page.locator('[data-testid="stage-series-row"][data-state="finished"]');

  /** Enters a result (home wins 14 to 10) on every open series of the stage, one dialog each. */
  async function enterOpenResults(): Promise<number> {
    let entered = 0;
    while ((await stages.openRows().count()) > 0) {
      const finished = await finishedRows().count();
      await stages.recordResult(stages.openRows().first(), 14, 10, RESULT_REASON);
      entered += 1;
      await expect.poll(() => finishedRows().count()).toBeGreaterThan(finished);
    }
    return entered;
  }

  it('the organizer signs in: the menu has the event pages, not Users, Activity log or Mail outbox', async () => {
    page = await newPage();
    staffActions = watchActions(page);
    admin = new AdminPage(page);
    stages = new AdminStagesPage(page);
    await admin.open();
    await admin.signIn(ORGANIZER.email, ORGANIZER.password);
    await expect.poll(() => admin.signedIn().textContent()).toContain(ORGANIZER.email);
    expect(await admin.signedIn().textContent()).not.toContain('support');
    const items = await menu();
    expect(items).toEqual(
      expect.arrayContaining(['Events and seasons', 'Stages', 'Match series', 'Rosters']),
    );
    for (const hidden of ['Users', 'Activity log', 'Mail outbox']) expect(items).not.toContain(hidden);
  });

  it('clones last season one month later', async () => {
    const card = await admin.openEvent(season.name);
    await admin.cloneEvent(card, clone, 1);
    await admin.event(clone).waitFor();
    // Every date moved by a month: the copy's first stage starts a month after the original's.
    const events = (await staffApi.call<{ data: Listed[] }>('GET', `${T}/events`)).data;
    const copy = events.find((e) => e.attributes.name === clone)!;
    const [original, copied] = await Promise.all([
      segmentsOf(staffApi, season.id),
      segmentsOf(staffApi, copy.id),
    ]);
    const from = (list: Segment[]) =>
      list.find((s) => s.attributes.name === 'Championship TH17')!.attributes.date.from;
    // A calendar month later, the day brought to the month's last where it has fewer (31 Jan → 28 Feb).
    expect(new Date(from(copied)).toISOString()).toBe(monthLater(from(original)));
    expect(copied.map((s) => s.attributes.name).sort()).toEqual(
      original.map((s) => s.attributes.name).sort(),
    );
  });

  it('edits a stage’s dates and adds a registration phase in the copy', async () => {
    const card = await admin.openEvent(clone);
    const editor = admin.segmentEditor(card, 'Championship TH17');
    await editor.waitFor();
    await admin.editSegmentDates(editor, '2026-05-01T14:00', '2026-05-31T23:00');
    await expect.poll(() => card.textContent()).toContain('1 May 2026, 14:00 GMT → 31 May 2026, 23:00 GMT');
    await admin.addRegistrationPhase(
      admin.segmentEditor(card, 'Championship TH17'),
      'Late registration',
      '2026-04-25T00:00',
      '2026-04-30T23:00',
    );
    await expect
      .poll(() => admin.segmentEditor(card, 'Championship TH17').textContent())
      .toContain('Late registration (25 Apr 2026, 00:00 GMT');
    await page.screenshot({ path: '/tmp/journey-clone-edited-1280.png', fullPage: true });
  });

  it('adds a double-elimination stage to the season, with its advance rule', async () => {
    const card = await admin.openEvent(season.name);
    // A name and the format: the rest (part of Championship TH17, its dates, town hall 17) is the default.
    await admin.addStage(card, STAGE, 'Double elimination');
    const timeline = await card.locator('.admin-timeline li').allTextContents();
    const added = timeline.find((line) => line.includes(STAGE)) ?? '';
    expect(added).toMatch(new RegExp(`^— ${STAGE}`));
    expect(added).toContain('Double elimination');
    await admin.addAdvanceRule(admin.segmentEditor(card, STAGE), '1, 2', NEXT);
    await expect.poll(() => admin.segmentEditor(card, STAGE).textContent()).toContain(`1, 2 → ${NEXT}`);
  });

  it('creates the stage’s bracket from four seeds and enters every result to a champion', async () => {
    await admin
      .event(season.name)
      .getByRole('link', { name: `Stages of ${STAGE}` })
      .click();
    await stages.root().waitFor();
    await stages.createForm().getByTestId('seed-input').first().waitFor();
    await expect
      .poll(() => stages.seeds().then((s) => s.filter(Boolean).length), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(STAGE_TEAMS);
    // The four best placed of the season's locked rosters; the others are left out.
    await stages.keepSeeds(STAGE_TEAMS);
    expect((await stages.seeds()).filter(Boolean).sort()).toEqual(['1', '2', '3', '4']);
    const preview = await stages.preview();
    expect(preview).toHaveLength(2);
    await page.screenshot({ path: '/tmp/journey-stage-preview-1280.png', fullPage: true });
    await stages.create();
    await expect.poll(() => stages.openRows().count()).toBe(2);
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
    expect(await page.getByTestId('stage-champion').textContent()).not.toBe('—');
  });

  it('runs the finished stage’s advancement', async () => {
    await expect
      .poll(() => page.getByTestId('stage-advance-rules').textContent())
      .toBe(`Advance rules: 1, 2 → ${NEXT}`);
    await page.getByTestId('stage-advance').click();
    await stages.confirm('Advance');
    const outcome = page.getByTestId('advance-results');
    await outcome.waitFor();
    expect(await outcome.locator('tbody tr').count()).toBe(STAGE_TEAMS);
    expect(await outcome.locator('tbody tr').filter({ hasText: 'Qualified' }).count()).toBe(2);
    expect(
      await outcome
        .locator('tbody tr')
        .filter({ hasText: `${NEXT}, seed 1` })
        .count(),
    ).toBe(1);
    await page.screenshot({ path: '/tmp/journey-advanced-1280.png', fullPage: true });
  });

  it('corrects a ladder result with a reason', async () => {
    const series = new AdminMatchSeriesPage(page);
    await series.open();
    await series.filter(season.name, 'Finished');
    const row = series.row(ladderSeriesId);
    await series.enterResult(row, { home: 11, away: 7, reason: 'Journey: the war log shows 11 to 7' });
    await expect.poll(() => row.getByTestId('row-result').textContent()).toBe('11 – 7');
  });

  it('support signs in on the console: Users, Activity log and Mail outbox, no event pages', async () => {
    await switchTo(SUPPORT);
    const items = await menu();
    expect(items).toEqual(['Users', 'Activity log', 'Mail outbox']);
    // Support lands on Users.
    await page.getByTestId('user-search').waitFor();
  });

  it('resets a player’s password through the outbox mail; the player signs in with the new one', async () => {
    await admin.searchUser(player.email);
    await admin.sendPasswordReset(player.email);
    await admin.nav('Mail outbox');
    const mail = page.locator(`[data-testid="outbox-mail"][data-to="${player.email}"]`).first();
    const text = (await mail.locator('pre').textContent()) ?? '';
    const link = /\/admin\/password-reset\?token=\S+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    await mail.screenshot({ path: '/tmp/journey-outbox-mail-1280.png' });
    // The player opens the mail's link in their own browser and chooses a password.
    const playerPage = await newPage();
    await playerPage.goto(link);
    const form = playerPage.getByTestId('password-reset');
    await form.getByTestId('reset-new-password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Save the new password' }).click();
    await form.getByRole('status').waitFor();
    const playerApi = await new ApiClient(server.baseURL).login(player.email, NEW_PASSWORD);
    // Signed in, the player founds a team (POST /teams): the organisation their rosters belong to.
    await playerApi.call('POST', `${T}/teams`, { data: { type: 'teams', attributes: { name: TEAM } } });
    // The link is single-use.
    await playerPage.goto(link);
    await form.getByTestId('reset-new-password').fill('Another-Pass-22');
    await form.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => form.getByRole('alert').count()).toBe(1);
  });

  it('suspends the player, who then cannot sign in and whose token stops working', async () => {
    const playerApi = await new ApiClient(server.baseURL).login(player.email, NEW_PASSWORD);
    expect((await playerApi.answer('GET', `${U}/user`)).status).toBe(200);
    await admin.nav('Users');
    await admin.searchUser(player.email);
    await admin.suspend(player.email, 'Journey: shared the account');
    await page.screenshot({ path: '/tmp/journey-suspended-1280.png', fullPage: true });
    const refused = await new ApiClient(server.baseURL).tryLogin(player.email, NEW_PASSWORD);
    expect(refused.status).toBe(401);
    expect(refused.errors[0]).toMatchObject({
      status: '401',
      code: 'UNAUTHENTICATED',
      detail: 'This account is suspended',
    });
    expect((await playerApi.answer('GET', `${U}/user`)).status).toBe(401);
  });

  it('the organizer, back on the console, sees the suspension on the player’s roster', async () => {
    await switchTo(ORGANIZER);
    const listed = await staffApi.call<{
      data: {
        attributes: {
          name: string | null;
          clanTag: string | null;
          owner: { id: string } | null;
          hasSuspended: boolean;
          members: { name: string; suspended: boolean }[];
        };
      }[];
    }>('GET', `${T}/admin/rosters?filter[event]=${season.id}&page[size]=100`);
    // The player's own roster (they own it and play in it) carries the badge.
    const marked = listed.data.filter(
      (r) => r.attributes.hasSuspended && r.attributes.owner?.id === player.id,
    );
    expect(marked).toHaveLength(1);
    const roster = marked[0]!.attributes;
    const suspendedMember = roster.members.find((m) => m.suspended)!;
    const rosters = new AdminRostersPage(page);
    await rosters.nav('Rosters');
    await rosters.chooseEvent(season.name);
    await rosters.search(roster.clanTag ?? roster.name ?? '');
    const card = rosters.roster(roster.name ?? roster.clanTag ?? '');
    await card.getByTestId('roster-suspended').waitFor();
    expect(await card.getByTestId('roster-suspended').textContent()).toBe('Suspended account');
    await card.locator('summary').click();
    const row = card.locator('tr[data-suspended="true"]');
    expect(await row.textContent()).toContain(suspendedMember.name);
    expect(await row.getByTestId('member-suspended').textContent()).toBe('Suspended');
    await card.screenshot({ path: '/tmp/journey-roster-suspended-1280.png' });
  });

  it('makes the roster the entry of the player’s team and follows the team link', async () => {
    const rosters = new AdminRostersPage(page);
    const card = page
      .getByTestId('admin-roster')
      .filter({ has: page.getByTestId('roster-suspended') })
      .first();
    const name = (await card.getAttribute('data-roster')) ?? '';
    await card.getByRole('button', { name: 'Set the team' }).click();
    await card.getByLabel(`Team of ${name}`).selectOption({ label: TEAM });
    await card.getByRole('button', { name: 'Save the team' }).click();
    await card.getByText('Team saved.').waitFor();
    await expect.poll(() => card.getByTestId('roster-team').textContent()).toBe(`Team: ${TEAM}`);
    await card.getByTestId('roster-team').click();
    await page.getByTestId('team-filter').waitFor();
    // Every roster of the team in the event (the clan-tag search that found this one is cleared).
    expect(await rosters.field('Search', 'input').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('admin-roster').count()).toBe(1);
    expect(await rosters.roster(name).count()).toBe(1);
    await page.screenshot({ path: '/tmp/journey-team-rosters-1280.png', fullPage: true });
  });

  it('support reads all of it in the activity log: who, what, on which object, before and after', async () => {
    await switchTo(SUPPORT);
    await admin.nav('Activity log');
    const log = page.getByTestId('admin-activity');
    const rows = log.getByTestId('activity-entry');
    const entry = (action: string) => log.locator(`[data-testid="activity-entry"][data-action="${action}"]`);
    const shownActions = () =>
      rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-action') ?? ''));
    await rows.first().waitFor();

    // The unfiltered log holds everyone's steps, support's suspension among them.
    await expect.poll(shownActions).toContain('user.suspend');
    // What the organizer did: filtered by who. The list is the filtered one once support's steps are gone.
    await log.getByTestId('activity-actor').fill(ORGANIZER.email);
    await log.getByTestId('activity-filter').click();
    const organizerSteps = [
      'event.clone',
      'segment.create',
      'segment.update',
      'segment.registration-phases.create',
      'segment.advance-rules.create',
      'match-series.results.correct',
      'roster.team',
    ];
    await expect
      .poll(async () => {
        const shown = await shownActions();
        return organizerSteps.every((a) => shown.includes(a)) && !shown.includes('user.suspend');
      })
      .toBe(true);
    const organizerActions = await shownActions();
    expect(organizerActions.some((a) => a.includes('advance') && a !== 'segment.advance-rules.create')).toBe(
      true,
    );
    // Every entry shown is the organizer's: one name in the Who column.
    expect(new Set(await log.getByTestId('activity-user').allTextContents()).size).toBe(1);
    // Before and after, field by field: the copy's stage dates, old and new.
    const dates = entry('segment.update')
      .first()
      .locator('[data-testid="activity-change-row"][data-field="dateFrom"]');
    const [, before, after] = await dates.locator('td').allTextContents();
    expect(after).toContain('2026-05-01T14:00:00');
    expect(before).not.toContain('2026-05-01T14:00:00');
    expect(await entry('match-series.results.correct').first().textContent()).toContain(
      'Journey: the war log shows 11 to 7',
    );
    await page.screenshot({ path: '/tmp/journey-activity-1280.png', fullPage: false });

    // What happened to users' accounts (support's and the player's own steps): filtered by object type.
    await log.getByTestId('activity-actor').fill('');
    await log.getByTestId('activity-type').selectOption('users');
    await log.getByTestId('activity-filter').click();
    const userSteps = ['user.password-reset.request', 'user.password-reset.complete', 'user.suspend'];
    await expect
      .poll(async () => {
        const shown = await shownActions();
        return userSteps.every((a) => shown.includes(a)) && !shown.includes('event.clone');
      })
      .toBe(true);
    expect(await entry('user.suspend').first().textContent()).toContain('Journey: shared the account');
    await page.screenshot({ path: '/tmp/journey-activity-users-1280.png', fullPage: false });
  });
});
