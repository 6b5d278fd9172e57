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
import { type RunningServer, startServer } from '../support/server-process.js';

/*
 * Issue #8's journey, in one sitting of one staff member at 1280×800: sign in to the console, clone
 * last season one month later, edit a stage's dates and add a registration phase in the copy, set the
 * advance rules of a finished stage and run the advancement, correct a result with a reason, reset a
 * player's password through the outbox mail (the player sets a new one from the mail's link and signs
 * in with it), suspend that player (the login then answers 401 UNAUTHENTICATED "This account is
 * suspended" and the player's token stops working), see the suspension on the player's roster, make
 * that roster the entry of the team the player founded and follow the team link, and read all of it,
 * before and after, in the activity log.
 *
 * Roles: organizers run their events but have no user or log powers; support has those but no events.
 * `permissions` is a list, so before the journey the admin (through the API) gives the demo organizer
 * the `support` permission as well: one person does the whole journey, as a small tournament's only
 * staff member would. What the journey does not show is set up through the API beforehand: a stage to
 * advance (a 4-team double elimination under the current championship, created by the organizer and
 * its matches played through the results call, as captains' wars would).
 *
 * Order: the password reset comes before the suspension because a demo player has no password until
 * they choose one, and the refused sign-in must be refused for the suspension, not the password (the
 * server checks the password first so a guesser learns nothing about the account).
 *
 * Own server: it changes the season, results and users.
 */
const ADMIN = { email: 'admin@clanwarhub.local', password: 'ClanWarHub!2025' };
const STAFF = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SEASON_PREFIX = 'Clash of Clans Championship';
const T = API_PATHS.tournaments;
const U = API_PATHS.users;
const STAGE = 'E2E Journey Finals';
const NEXT = 'Championship Finals';
const NEW_PASSWORD = 'Journey-New-Pass1';
/** The team the player creates once signed in; the staff member makes their roster its entry. */
const TEAM = 'Journey Serpents Esports';
/** Simulated clans locked when the season has fewer than 4 locked rosters of its own. */
const SIM_CLANS = ['#2PP0QJ8Y', '#2Y0PQ9LC', '#L0V9C2JG', '#P28QY0LR'];

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

/** Plays every open series of the stage through the results call (home wins) until none is left. */
async function playOut(api: ApiClient, segmentId: string) {
  const stageId = (await api.call<{ data: { id: string } }>('GET', `${T}/segments/${segmentId}/bracket/info`))
    .data.id;
  for (let pass = 0; pass < 20; pass++) {
    const open = (
      await api.call<{
        data: {
          id: string;
          attributes: { state: string; bye: boolean; competitors: { roster: unknown }[] };
        }[];
      }>('GET', `${T}/bracket/${stageId}/match-series?page[size]=100`)
    ).data.filter(
      (m) =>
        m.attributes.state !== 'finished' &&
        !m.attributes.bye &&
        m.attributes.competitors.every((c) => c.roster),
    );
    if (open.length === 0) return;
    for (const m of open) {
      await api.call('PATCH', `${T}/match-series/${m.id}/relationships/matches/results`, {
        data: { attributes: { homeStars: 14, awayStars: 10, reason: 'e2e: stage played out' } },
      });
    }
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The admin gives the demo organizer the support permission too (see the comment above).
  const admin = await new ApiClient(server.baseURL).login(ADMIN.email, ADMIN.password);
  const staff = (
    await admin.call<{ data: { id: string }[] }>(
      'GET',
      `${U}/users?filter[search]=${encodeURIComponent(STAFF.email)}`,
    )
  ).data[0]!;
  await admin.call('PATCH', `${U}/users/${staff.id}`, {
    data: { type: 'users', id: staff.id, attributes: { permissions: ['organizer', 'support'] } },
  });

  staffApi = await new ApiClient(server.baseURL).login(STAFF.email, STAFF.password);
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
    if ((await lockedRosters(staffApi, th17.id)) >= 4) break;
    await clans.lockTeam(clan, th17.id).catch(() => undefined);
  }
  expect(await lockedRosters(staffApi, th17.id)).toBeGreaterThanOrEqual(4);
  const stage = await staffApi.call<{ data: { id: string } }>('POST', `${T}/events/${season.id}/segments`, {
    data: {
      attributes: {
        name: STAGE,
        parentId: th17.id,
        format: `${STAGE}: organizer journey`,
        stageCode: 'MF',
        eliminationType: 'double_elimination',
        type: 'double_elimination',
        configuration: { thLevel: 17, phase: null },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 4, standbyLimit: 0 },
        date: th17.attributes.date,
      },
    },
  });
  await staffApi.call('POST', `${T}/segments/${stage.data.id}/bracket`, {
    data: { attributes: { size: 4, startsAt: new Date(Date.now() + 86_400_000).toISOString() } },
  });
  await playOut(staffApi, stage.data.id);

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

/** The staff member's clicks and fields in the console (the player's own page is not counted). */
let staffActions: ActionCount | null = null;

afterAll(async () => {
  if (staffActions) {
    console.log(
      `[actions] organizer journey (console): ${staffActions.clicks} clicks, ${staffActions.fields} fields`,
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

describe('one staff member runs the season from the console', () => {
  let page: Page;
  let admin: AdminPage;

  it('signs in to the console with the organizer and support permissions', async () => {
    page = await newPage();
    staffActions = watchActions(page);
    admin = new AdminPage(page);
    await admin.open();
    await admin.signIn(STAFF.email, STAFF.password);
    await expect.poll(() => admin.signedIn().textContent()).toContain(STAFF.email);
    const signedIn = (await admin.signedIn().textContent()) ?? '';
    expect(signedIn).toContain('organizer');
    expect(signedIn).toContain('support');
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

  it('sets the finished stage’s advance rules and runs the advancement', async () => {
    const card = await admin.openEvent(season.name);
    const editor = admin.segmentEditor(card, STAGE);
    await editor.waitFor();
    await admin.addAdvanceRule(editor, '1, 2', NEXT);
    await expect.poll(() => admin.segmentEditor(card, STAGE).textContent()).toContain(`1, 2 → ${NEXT}`);
    await card.getByRole('link', { name: `Stages of ${STAGE}` }).click();
    const stages = new AdminStagesPage(page);
    await stages.summary().waitFor();
    await expect.poll(() => page.getByTestId('stage-complete').textContent()).toBe('Yes');
    await expect
      .poll(() => page.getByTestId('stage-advance-rules').textContent())
      .toBe(`Advance rules: 1, 2 → ${NEXT}`);
    await page.getByTestId('stage-advance').click();
    await stages.confirm('Advance');
    const outcome = page.getByTestId('advance-results');
    await outcome.waitFor();
    expect(await outcome.locator('tbody tr').count()).toBe(4);
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

  it('resets a player’s password through the outbox mail; the player signs in with the new one', async () => {
    await admin.nav('Users');
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

  it('the suspended player’s roster shows it in the Rosters page', async () => {
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

  it('reads all of it in the activity log, before and after', async () => {
    await admin.nav('Activity log');
    const rows = page.getByTestId('activity-entry');
    await rows.first().waitFor();
    const actions = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-action') ?? ''));
    expect(actions).toEqual(
      expect.arrayContaining([
        'event.clone',
        'segment.update',
        'segment.registration-phases.create',
        'segment.advance-rules.create',
        'match-series.results.correct',
        'user.password-reset.request',
        'user.password-reset.complete',
        'user.suspend',
        'roster.team',
      ]),
    );
    expect(actions.some((a) => a.includes('advance') && a !== 'segment.advance-rules.create')).toBe(true);
    // Before and after: the segment's old dates and the new ones, the suspension's reason.
    const segmentUpdate = page
      .locator('[data-testid="activity-entry"][data-action="segment.update"]')
      .first();
    const [before, after] = await segmentUpdate.locator('pre').allTextContents();
    expect(after).toContain('2026-05-01T14:00:00');
    expect(before).not.toContain('2026-05-01T14:00:00');
    const suspension = page.locator('[data-testid="activity-entry"][data-action="user.suspend"]').first();
    expect(await suspension.textContent()).toContain('Journey: shared the account');
    const correction = page
      .locator('[data-testid="activity-entry"][data-action="match-series.results.correct"]')
      .first();
    expect(await correction.textContent()).toContain('Journey: the war log shows 11 to 7');
    await page.screenshot({ path: '/tmp/journey-activity-1280.png', fullPage: false });
  });
});
