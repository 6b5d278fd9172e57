import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminMatchSeriesPage } from '../pages/admin-match-series.page.js';
import { LadderApi, type LockedTeam } from '../pages/ladder-api.js';
import { VerifyPage } from '../pages/session.page.js';
import { MyTeamPage } from '../pages/team.page.js';
import { ApiClient } from '../support/api-client.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * Disqualify from one stage (issue #31): the organizer, in the console at 1280×800, disqualifies a
 * team from a bracket stage with a reason (clicks only); the team's captain, on a phone, reads the
 * stage and the reason on My Team, and the team is still in the championship (not withdrawn).
 * Set-up a person does not do here goes through the API: two locked demo teams and their stage.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const CLANS = ['#2Y0PQ9LC', '#9RJGCUV2'];
const T = '/api/tournaments/1.0';
const STAGE = 'E2E Disqualification Cup';
const REASON = 'E2E: a second account played for the team';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let teams: LockedTeam[] = [];
let eventName = '';
let seriesId = '';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function newPage(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const ladder = new LadderApi(server.baseURL);
  const parentId = await ladder.championshipStageId();
  for (const tag of CLANS) await ladder.endWar(tag);
  teams = [];
  for (const tag of CLANS) teams.push(await ladder.lockTeam(tag, parentId));
  const organizer = await new ApiClient(server.baseURL).login(ORGANIZER.email, ORGANIZER.password);
  const events = await organizer.call<{
    data: { id: string; attributes: { name: string; competition: string; status: string } }[];
  }>('GET', `${T}/events`);
  const event = events.data.find(
    (e) => e.attributes.competition === 'championship' && e.attributes.status === 'active',
  )!;
  eventName = event.attributes.name;
  const now = Date.now();
  const segment = await organizer.call<{ data: { id: string } }>('POST', `${T}/events/${event.id}/segments`, {
    data: {
      attributes: {
        name: STAGE,
        parentId,
        format: 'Disqualification e2e',
        stageCode: 'CT',
        eliminationType: 'double_elimination',
        type: 'double_elimination',
        configuration: { thLevel: 17, phase: null },
        segmentCheckinsConfig: { enabled: false, openWindow: null },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 8, standbyLimit: 0 },
        date: { from: iso(now - 3_600_000), to: iso(now + 86_400_000) },
      },
    },
  });
  const created = await organizer.call<{ data: { id: string } }>(
    'POST',
    `${T}/segments/${segment.data.id}/bracket`,
    { data: { attributes: { rosterIds: teams.map((t) => t.rosterId), startsAt: iso(now + 3_600_000) } } },
  );
  const series = await organizer.call<{
    data: { id: string; attributes: { competitors: { roster: { id: string } | null }[] } }[];
  }>('GET', `${T}/bracket/${created.data.id}/match-series?page[size]=50`);
  seriesId = series.data.find((s) => s.attributes.competitors.every((c) => c.roster))!.id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('disqualify a team from one stage', () => {
  it('the organizer disqualifies it from the stage with a reason, in the console', async () => {
    const page = await newPage(1280, 800);
    const admin = new AdminPage(page);
    await admin.open();
    await admin.signIn(ORGANIZER.email, ORGANIZER.password);
    await admin.signedIn().waitFor();
    const series = new AdminMatchSeriesPage(page);
    await series.open();
    await series.filter(eventName);
    await page.getByTestId('filter-segment').selectOption({ label: STAGE });
    const row = series.row(seriesId);
    await row.getByTestId('action-disqualify').click();
    const dialog = page.getByTestId('disqualify-dialog');
    const team = teams[0]!;
    // The first side is chosen; this stage only is the default scope of a stage's match.
    expect(await dialog.getByTestId('disqualify-scope-stage').isChecked()).toBe(true);
    await dialog.getByTestId('disqualify-reason').fill(REASON);
    await page.screenshot({ path: '/tmp/oo-stage-dq-dialog-1280.png' });
    await dialog.getByTestId('disqualify-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    // Its match is forfeited; the roster is still registered (not withdrawn from the championship).
    const read = await fetch(`${server.baseURL}${T}/rosters/${team.rosterId}/stage-disqualifications`);
    const body = (await read.json()) as { data: { attributes: { reason: string } }[] };
    expect(body.data.map((d) => d.attributes.reason)).toEqual([REASON]);
  });

  it('the captain reads the stage and the reason on My Team (phone)', async () => {
    const page = await newPage(390, 844);
    const verify = new VerifyPage(page);
    await verify.openVerify();
    await verify.quickPick(teams[0]!.captainTag);
    await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
    const myTeam = new MyTeamPage(page);
    await myTeam.openTeam();
    const notice = page.getByTestId('stage-disqualified');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      `Your team was disqualified from ${STAGE} by the organizers. Reason: ${REASON}`,
    );
    await page.screenshot({ path: '/tmp/oo-stage-dq-my-team-390.png', fullPage: true });
  });
});
