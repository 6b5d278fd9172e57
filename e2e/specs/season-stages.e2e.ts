import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminStagesPage } from '../pages/admin-stages.page.js';
import { CheckInsPage } from '../pages/checkins.page.js';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { VerifyPage } from '../pages/session.page.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * A season's stages in one journey (issue #7): four captains check in to a monthly qualifier; the
 * qualifier is played in swiss over two rounds: each round the phone captain taps START WAR in the
 * match check-in prompt (5 players), the others check in through the war service, and the
 * simulated wars are played; the organizer starts round 2 from the console. Then the organizer
 * plays a double-elimination final out through results to a champion in the console, the
 * competition tab shows the champion, and the World Championship Finals day page its banner.
 * Own server: it adds two segments to the current championship.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';
const WAR = '/api/war/1.0';
const SIM = '/api/simulator/1.0';
const CLANS = ['#2Y0PQ9LC', '#9RJGCUV2', '#L0V9C2JG', '#P28QY0LR'];
const QUALIFIER = 'E2E Season Qualifier';
const FINAL = 'E2E Season Final';

interface Series {
  id: string;
  attributes: {
    state: string;
    roundNumber: number | null;
    competitors: { roster: { id: string } | null }[];
  };
}

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let phone: Page;
let token = '';
let eventId = '';
let qualifierId = '';
let finalId = '';
let teams: LockedTeam[] = [];
const api = () => new LadderApi(server.baseURL);

async function call<R>(method: string, path: string, body?: unknown, bearer = token): Promise<R> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as R;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function addSegment(parentId: string, name: string, type: 'swiss' | 'double_elimination') {
  const now = Date.now();
  const created = await call<{ data: { id: string } }>('POST', `${T}/events/${eventId}/segments`, {
    data: {
      attributes: {
        name,
        parentId,
        format: `${name}: season e2e`,
        stageCode: type === 'swiss' ? 'MQ' : 'MF',
        eliminationType: type,
        type,
        configuration: { thLevel: 17, phase: type === 'swiss' ? 'MONTHLY_QUALIFIERS' : null },
        segmentCheckinsConfig:
          type === 'swiss'
            ? { enabled: true, openWindow: { from: iso(now - 3_600_000), to: iso(now + 3_600_000) } }
            : { enabled: false, openWindow: null },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 8, standbyLimit: 0 },
        date: { from: iso(now - 3_600_000), to: iso(now + 86_400_000) },
      },
    },
  });
  return created.data.id;
}

async function stageSeries(segmentId: string): Promise<Series[]> {
  const info = await call<{ data: { id: string } }>('GET', `${T}/segments/${segmentId}/bracket/info`);
  return (await call<{ data: Series[] }>('GET', `${T}/bracket/${info.data.id}/match-series?page[size]=50`))
    .data;
}

const teamOf = (rosterId: string) => teams.find((t) => t.rosterId === rosterId)!;

/** A captain's match check-in through the war service (5 tags: a monthly qualifier). */
async function matchCheckIn(team: LockedTeam, seriesId: string) {
  return call(
    'POST',
    `${WAR}/match-check-in`,
    {
      data: { type: 'match-check-ins', attributes: { matchSeriesId: seriesId, playerTags: team.playerTags } },
    },
    await api().playerToken(team.captainTag),
  );
}

/** Once both sides are in, the war exists: the simulated game plays it out. */
async function playWar(team: LockedTeam, seriesId: string) {
  const war = await call<{ data: { attributes: { warId: string } } }>(
    'POST',
    `${WAR}/create-war`,
    { data: { attributes: { matchSeriesId: seriesId } } },
    await api().playerToken(team.captainTag),
  );
  await call('POST', `${SIM}/wars/${war.data.attributes.warId}/play`);
}

/**
 * One swiss round: the phone captain (teams[0]) taps START WAR in the prompt with the five
 * preselected players; every other captain checks in through the war service; then every war is played.
 */
async function playRound(round: number) {
  const series = (await stageSeries(qualifierId)).filter((s) => s.attributes.roundNumber === round);
  expect(series).toHaveLength(2);
  const checkIns = new CheckInsPage(phone);
  await checkIns.prompt().waitFor({ timeout: 30_000 });
  expect(await checkIns.promptText().textContent()).toBe('Select 5 players and tap START WAR.');
  expect((await checkIns.selectedTags()).sort()).toEqual([...teams[0]!.playerTags].sort());
  await phone.screenshot({ path: `/tmp/season-round${round}-prompt-390.png` });
  await checkIns.startWar().click();
  await phone.getByTestId('checkin-prompt-waiting').waitFor();
  for (const s of series) {
    for (const competitor of s.attributes.competitors) {
      const team = teamOf(competitor.roster!.id);
      if (team !== teams[0]) await matchCheckIn(team, s.id);
    }
    const checkins = await call<{ data: unknown[] }>(
      'GET',
      `/api/matches/1.0/checkins?filter[matchSeries]=${encodeURIComponent(s.id)}`,
    );
    expect(checkins.data).toHaveLength(2);
    await playWar(teamOf(s.attributes.competitors[1]!.roster!.id), s.id);
  }
  await expect
    .poll(
      async () => (await stageSeries(qualifierId)).filter((s) => s.attributes.state === 'finished').length,
      {
        timeout: 20_000,
      },
    )
    .toBe(2 * round);
}

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const stageId = await api().championshipStageId();
  for (const tag of CLANS) await api().endWar(tag);
  teams = [];
  for (const tag of CLANS) teams.push(await api().lockTeam(tag, stageId));
  const login = await call<{ data: { attributes: { token: { value: string } } } }>(
    'POST',
    '/api/users/1.0/login',
    { data: { attributes: ORGANIZER } },
    '',
  );
  token = login.data.attributes.token.value;
  const events = await call<{ data: { id: string; attributes: { competition: string; status: string } }[] }>(
    'GET',
    `${T}/events`,
  );
  eventId = events.data.find(
    (e) => e.attributes.competition === 'championship' && e.attributes.status === 'active',
  )!.id;
  // The season's own stages close their check-in windows: this journey's qualifier is the one open.
  const segments = await call<{
    data: { id: string; attributes: { segmentCheckinsConfig: { enabled: boolean } } }[];
  }>('GET', `${T}/events/${eventId}/segments`);
  for (const other of segments.data.filter((s) => s.attributes.segmentCheckinsConfig.enabled)) {
    await call('PATCH', `${T}/events/${eventId}/segments/${other.id}`, {
      data: { attributes: { segmentCheckinsConfig: { enabled: false, openWindow: null } } },
    });
  }
  qualifierId = await addSegment(stageId, QUALIFIER, 'swiss');
  finalId = await addSegment(stageId, FINAL, 'double_elimination');
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  phone = await context.newPage();
  const verify = new VerifyPage(phone);
  await verify.openVerify();
  await verify.quickPick(teams[0]!.captainTag);
  await phone.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function organizerConsole(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const admin = new AdminPage(page);
  await admin.open();
  await admin.signIn(ORGANIZER.email, ORGANIZER.password);
  await admin.signedIn().waitFor();
  return page;
}

describe('a season’s stages, played through', () => {
  it('four captains check in to the monthly qualifier (the phone captain from My Team)', async () => {
    const checkIns = new CheckInsPage(phone);
    await checkIns.open('/my-clan');
    await checkIns.tournamentCheckInButton().click();
    await checkIns.segmentSubmit().click();
    await checkIns.segmentSuccess().waitFor();
    await phone.getByTestId('segment-checkin-close').click();
    for (const team of teams.slice(1)) {
      await call(
        'POST',
        '/api/clan/1.0/clan/roster/segment-check-in',
        { data: { type: 'segment-check-ins', attributes: { segmentId: qualifierId } } },
        await api().playerToken(team.captainTag),
      );
    }
    for (const team of teams) {
      const roster = await call<{ data: { attributes: { checkedIn: boolean } } }>(
        'GET',
        `${T}/rosters/${team.rosterId}`,
      );
      expect(roster.data.attributes.checkedIn).toBe(true);
    }
  });

  it('swiss round 1: created by the organizer, checked in with 5 players and played', async () => {
    await call('POST', `${T}/segments/${qualifierId}/bracket`, {
      data: {
        attributes: {
          format: 'swiss',
          rosterIds: teams.map((t) => t.rosterId),
          rounds: 2,
          startsAt: iso(Date.now() + 3 * 60_000),
        },
      },
    });
    await playRound(1);
  });

  it('swiss round 2: the organizer starts it in the console; the captains check in and play', async () => {
    const page = await organizerConsole();
    const stages = new AdminStagesPage(page);
    await page.goto(`/admin/stages/${eventId}/${qualifierId}`);
    await stages.root().waitFor();
    await expect
      .poll(() => stages.currentRound().textContent(), { timeout: 15_000 })
      .toBe('Round 1 of at most 2');
    await page.getByTestId('stage-next-round').click();
    await expect.poll(() => stages.currentRound().textContent()).toBe('Round 2 of at most 2');
    await page.screenshot({ path: '/tmp/season-console-round2-1280.png', fullPage: true });
    // Round 2 is dated 15 minutes ahead; the organizer brings it forward (the check-in window
    // opens 5 minutes before a match).
    for (const s of (await stageSeries(qualifierId)).filter((x) => x.attributes.roundNumber === 2)) {
      await call('PATCH', `${T}/match-series/${s.id}`, {
        data: { attributes: { date: iso(Date.now() + 3 * 60_000), reason: 'Round 2 played at once' } },
      });
    }
    await playRound(2);
    // Two rounds each: the standings hold every team with two games, and no rematch.
    const records = await call<{ data: { attributes: { wins: number; losses: number; draws: number } }[] }>(
      'GET',
      `${T}/segments/${qualifierId}/swiss-records`,
    );
    expect(records.data).toHaveLength(4);
    for (const r of records.data)
      expect(r.attributes.wins + r.attributes.losses + r.attributes.draws).toBe(2);
    const pairs = (await stageSeries(qualifierId)).map((s) =>
      s.attributes.competitors
        .map((c) => c.roster!.id)
        .sort()
        .join(),
    );
    expect(new Set(pairs).size).toBe(4);
    // The phone shows the standings on the competition tab.
    await phone.goto(`/competition?stage=${qualifierId}`);
    await phone.getByTestId('stage-view').waitFor();
    await phone.getByRole('tab', { name: 'Standings' }).click();
    await expect.poll(() => phone.getByTestId('swiss-standing').count(), { timeout: 15_000 }).toBe(4);
    await phone.screenshot({ path: '/tmp/season-standings-390.png', fullPage: true });
  });

  it('the organizer plays a double-elimination final out through results to a champion', async () => {
    await call('POST', `${T}/segments/${finalId}/bracket`, {
      data: {
        attributes: {
          format: 'double_elimination',
          rosterIds: teams.map((t) => t.rosterId),
          startsAt: iso(Date.now() + 86_400_000),
        },
      },
    });
    const page = await organizerConsole();
    const stages = new AdminStagesPage(page);
    await page.goto(`/admin/stages/${eventId}/${finalId}`);
    await stages.root().waitFor();
    const finished = async () =>
      (await stageSeries(finalId)).filter((x) => x.attributes.state === 'finished').length;
    // 4 teams: 6 matches, or 7 when the lower-bracket team wins the first grand final.
    for (let played = 0; played < 7; played++) {
      await expect.poll(() => stages.rows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      if ((await stages.openRows().count()) === 0) break;
      await stages.recordResult(
        stages.openRows().first(),
        15,
        10 + (played % 3),
        `Final, match ${played + 1}`,
      );
      // The last result also closes a grand-final reset that is not played.
      await expect.poll(finished, { timeout: 15_000 }).toBeGreaterThanOrEqual(played + 1);
      await page.reload();
      await stages.root().waitFor();
    }
    const info = await call<{
      data: { attributes: { doubleElimination: { championRosterId: string | null; complete: boolean } } };
    }>('GET', `${T}/segments/${finalId}/bracket/info`);
    expect(info.data.attributes.doubleElimination.complete).toBe(true);
    // The champion is one of the four teams this spec entered.
    expect(teams.map((t) => t.rosterId)).toContain(info.data.attributes.doubleElimination.championRosterId);
    await page.screenshot({ path: '/tmp/season-final-console-1280.png', fullPage: true });
    // The competition tab shows the bracket, and its participant list one champion.
    await phone.goto(`/competition?stage=${finalId}`);
    await phone.getByTestId('double-elimination-bracket').waitFor();
    await phone.getByRole('tab', { name: 'Participants' }).click();
    const participants = phone.getByTestId('stage-participants');
    await participants.waitFor();
    expect(await participants.locator('[data-status="champion"]').count()).toBe(1);
    expect(await participants.locator('[data-status="eliminated"]').count()).toBe(3);
    await phone.screenshot({ path: '/tmp/season-final-participants-390.png', fullPage: true });
  });

  it('the World Championship Finals day page shows the winner’s banner', async () => {
    await phone.goto('/world-finals/day-3');
    await phone.getByTestId('champion-banner').waitFor();
    expect(((await phone.getByTestId('champion-name').textContent()) ?? '').length).toBeGreaterThan(0);
    await phone.screenshot({ path: '/tmp/season-finals-day3-390.png', fullPage: true });
  });
});
