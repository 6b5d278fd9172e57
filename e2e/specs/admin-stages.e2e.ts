import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { AdminStagesPage } from '../pages/admin-stages.page.js';
import { LadderApi } from '../pages/ladder-api.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * The organizer runs stages from the console (issues #7 and #8): from the events page to a
 * segment's Stages page, an 8-team double-elimination stage created from the segment's locked
 * rosters, a result recorded in the dialog (the bracket moves, a true draw is refused with a
 * sentence), then a swiss stage whose round 2 is started, reset (confirmed) and started again.
 * Own server: it adds two segments to the current championship and plays their matches.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SEASON_PREFIX = 'Clash of Clans Championship';
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';
const FINALS = 'E2E Stage Finals';
const SWISS = 'E2E Stage Swiss';
/** The sim clans locked when the season has fewer than 8 locked rosters of its own. */
const SIM_CLANS = ['#2PP0QJ8Y', '#2Y0PQ9LC', '#L0V9C2JG', '#P28QY0LR', '#9RJGCUV2', '#9LQ2CJ'];

let server: RunningServer;
let browser: Browser;
let token = '';
let swissId = '';
const contexts: BrowserContext[] = [];

async function call<R>(method: string, path: string, body?: unknown): Promise<R> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as R;
}

interface Segment {
  id: string;
  attributes: { name: string; level: number; date: { from: string; to: string } };
}

const lockedRosters = async (segmentId: string) =>
  (
    await call<{ data: { attributes: { locked: boolean; withdrawnAt: string | null } }[] }>(
      'GET',
      `${T}/rosters?filter[segment]=${segmentId}&page[size]=100`,
    )
  ).data.filter((r) => r.attributes.locked && !r.attributes.withdrawnAt).length;

/** A child segment of the championship stage (its rosters are the stage's locked rosters). */
async function addSegment(
  eventId: string,
  parent: Segment,
  name: string,
  type: 'swiss' | 'double_elimination',
) {
  return call<{ data: { id: string } }>('POST', `${T}/events/${eventId}/segments`, {
    data: {
      attributes: {
        name,
        parentId: parent.id,
        format: `${name}: console e2e`,
        stageCode: type === 'swiss' ? 'MQ' : 'MF',
        eliminationType: type,
        type,
        configuration: { thLevel: 17, phase: null },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 8, standbyLimit: 0 },
        date: parent.attributes.date,
      },
    },
  });
}

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  const login = await call<{ data: { attributes: { token: { value: string } } } }>(
    'POST',
    '/api/users/1.0/login',
    {
      data: { type: 'sessions', attributes: ORGANIZER },
    },
  );
  token = login.data.attributes.token.value;
  const events = await call<{ data: { id: string; attributes: { name: string; status: string } }[] }>(
    'GET',
    `${T}/events`,
  );
  const season = events.data.find(
    (e) => e.attributes.status === 'active' && e.attributes.name.startsWith(SEASON_PREFIX),
  )!;
  const segments = (await call<{ data: Segment[] }>('GET', `${T}/events/${season.id}/segments`)).data;
  const stage = segments.find((s) => s.attributes.name === 'Championship TH17')!;
  // 8 locked rosters: the demo ladder's, topped up with simulated clans locked through the clan service.
  const clans = new LadderApi(server.baseURL);
  for (const clan of SIM_CLANS) {
    if ((await lockedRosters(stage.id)) >= 8) break;
    await clans.lockTeam(clan, stage.id).catch(() => undefined);
  }
  expect(await lockedRosters(stage.id)).toBeGreaterThanOrEqual(8);
  const finals = (await addSegment(season.id, stage, FINALS, 'double_elimination')).data.id;
  // The finals' top 2 qualify for the Championship Finals (the rule the events page saves).
  const next = segments.find((s) => s.attributes.name === 'Championship Finals')!;
  await call('POST', `${T}/events/${season.id}/segments/${finals}/advance-rules`, {
    data: { attributes: { placements: [1, 2], nextSegmentId: next.id } },
  });
  swissId = (await addSegment(season.id, stage, SWISS, 'swiss')).data.id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(width: number, height: number): Promise<{ page: Page; admin: AdminPage }> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const admin = new AdminPage(page);
  await admin.open();
  await admin.signIn(ORGANIZER.email, ORGANIZER.password);
  await admin.signedIn().waitFor();
  return { page, admin };
}

/** `datetime-local` value (GMT) a day from now. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);

/** Refuses a page wider than the screen (no sideways scroll). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('the organizer runs stages from the console', () => {
  let page: Page;
  let stages: AdminStagesPage;

  it('opens a segment’s Stages page from the events page', async () => {
    const session = await signedIn(1280, 800);
    page = session.page;
    stages = new AdminStagesPage(page);
    const card = await session.admin.openEvent(
      (await page
        .getByTestId('admin-event')
        .filter({ hasText: SEASON_PREFIX })
        .first()
        .getAttribute('data-name'))!,
    );
    await card.getByRole('link', { name: `Stages of ${FINALS}` }).click();
    await stages.root().waitFor();
    await expect
      .poll(() => page.getByTestId('stage-segment-name').textContent(), { timeout: 15_000 })
      .toBe(`Stage: ${FINALS}`);
    await page.getByTestId('stage-none').waitFor();
  });

  it('creates an 8-team double-elimination stage seeded in placement order', async () => {
    await stages.createForm().getByTestId('seed-input').first().waitFor();
    const seeds = (await stages.seeds()).filter((s) => s !== '');
    expect(seeds).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    // The first match tomorrow: no check-in deadline passes during the test.
    await stages.createForm().getByLabel('First match (GMT, optional)').fill(tomorrow());
    await stages.create();
    expect(await page.getByTestId('stage-format').textContent()).toBe('Double elimination');
    expect(await page.getByTestId('stage-played').textContent()).toMatch(/^0 of 1[45]$/);
    await expect.poll(() => stages.openRows().count()).toBe(4);
    expect(await page.getByTestId('series-review').count()).toBe(0);
    await page.screenshot({ path: '/tmp/h6-de-created-1280.png', fullPage: true });
    await page.getByTestId('stage-series').screenshot({ path: '/tmp/h6-de-series-1280.png' });
  });

  it('a true draw is refused with a sentence, not a document', async () => {
    const row = stages.openRows().first();
    await row.getByRole('button', { name: /^Record result \(/ }).click();
    await stages.fillResult(10, 10, 'Draw test');
    const alert = stages.dialog().getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('A bracket match needs a winner');
    expect(await alert.textContent()).not.toContain('{');
    await page.screenshot({ path: '/tmp/h6-result-refused-1280.png' });
    await stages.dialog().getByRole('button', { name: 'Cancel' }).click();
    await stages.dialog().waitFor({ state: 'detached' });
    // Refused: nothing changed, the series does not wait for a review either.
    await page.reload();
    await expect.poll(() => stages.openRows().count(), { timeout: 15_000 }).toBe(4);
    expect(await page.getByTestId('stage-played').textContent()).toMatch(/^0 of 1[45]$/);
    expect(await page.getByTestId('series-review').count()).toBe(0);
  });

  it('records a result: the winner moves on in the upper bracket, the loser drops to the lower', async () => {
    const row = stages.openRows().first();
    const [home, away] = await stages.teamsOf(row);
    await stages.recordResult(row, 15, 12, 'Screenshots from both captains');
    await expect.poll(() => page.getByTestId('stage-played').textContent()).toMatch(/^1 of 1[45]$/);
    const finished = stages.rows().filter({ hasText: home }).filter({ hasText: '15 – 12' });
    await expect.poll(() => finished.count()).toBe(1);
    // The winner is in an upper series after round 1, the loser in a lower one.
    const later = stages.rows().filter({ hasNotText: '15 – 12' });
    await expect.poll(() => later.filter({ hasText: home }).filter({ hasText: 'Upper' }).count()).toBe(1);
    await expect.poll(() => later.filter({ hasText: away }).filter({ hasText: 'Lower' }).count()).toBe(1);
  });

  it('plays the bracket out to a champion, then advances every team and lists the outcome', async () => {
    // The remaining matches through the results call (home wins), as captains' wars would.
    const segmentId = page.url().split('/').at(-1)!;
    const stageId = (await call<{ data: { id: string } }>('GET', `${T}/segments/${segmentId}/bracket/info`))
      .data.id;
    for (let pass = 0; pass < 20; pass++) {
      const open = (
        await call<{
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
      if (open.length === 0) break;
      for (const m of open) {
        await call('PATCH', `${T}/match-series/${m.id}/relationships/matches/results`, {
          data: { attributes: { homeStars: 14, awayStars: 10, reason: 'e2e: bracket played out' } },
        });
      }
    }
    await page.reload();
    await expect
      .poll(() => page.getByTestId('stage-complete').textContent(), { timeout: 15_000 })
      .toBe('Yes');
    expect(await page.getByTestId('stage-champion').textContent()).not.toBe('—');
    expect(await page.getByTestId('stage-advance-rules').textContent()).toBe(
      'Advance rules: 1, 2 → Championship Finals',
    );
    await page.getByTestId('stage-advance').click();
    await stages.confirm('Advance');
    const outcome = page.getByTestId('advance-results');
    await outcome.waitFor();
    expect(await outcome.locator('tbody tr').count()).toBe(8);
    expect(await outcome.locator('tbody tr').filter({ hasText: 'Qualified' }).count()).toBe(2);
    expect(await outcome.locator('tbody tr').filter({ hasText: 'Championship Finals, seed 1' }).count()).toBe(
      1,
    );
    await page.getByTestId('stage-actions').screenshot({ path: '/tmp/h6-advance-1280.png' });
    // A second advance is refused in words.
    await page.getByTestId('stage-advance').click();
    await stages.confirm('Advance');
    await expect
      .poll(() => page.getByTestId('stage-actions').getByRole('alert').textContent())
      .toContain('The teams of this stage were already advanced.');
  });

  it('on a phone the stage and its series fit the screen', async () => {
    const phone = await signedIn(390, 844);
    await phone.page.goto(page.url());
    const phoneStages = new AdminStagesPage(phone.page);
    await phoneStages.summary().waitFor();
    await expect.poll(() => phoneStages.rows().count(), { timeout: 15_000 }).toBeGreaterThan(4);
    await expectNoSidewaysScroll(phone.page);
    await phone.page.screenshot({ path: '/tmp/h6-de-390.png', fullPage: true });
    await phoneStages.rows().first().getByTestId('record-result').click();
    await phoneStages.dialog().waitFor();
    await expectNoSidewaysScroll(phone.page);
    await phone.page.screenshot({ path: '/tmp/h6-result-dialog-390.png' });
    // The swiss create form (tiebreaks, seeds) fits too.
    await phone.page.goto(page.url().replace(/[^/]+$/, swissId));
    await phoneStages.createForm().getByTestId('seed-input').first().waitFor();
    await expectNoSidewaysScroll(phone.page);
    await phone.page.screenshot({ path: '/tmp/h6-swiss-create-390.png', fullPage: true });
  });

  it('swiss: creates the stage with round 1, plays it, starts round 2, resets it and starts it again', async () => {
    await page.getByRole('link', { name: 'All stages' }).click();
    await page.getByTestId('admin-stages-index').getByRole('link', { name: SWISS }).click();
    await stages.createForm().getByTestId('seed-input').first().waitFor();
    await stages.createForm().getByRole('textbox', { name: 'Rounds' }).fill('3');
    await stages.keepSeeds(8);
    await stages.createForm().getByLabel('First match (GMT, optional)').fill(tomorrow());
    await stages.create();
    expect(await page.getByTestId('stage-format').textContent()).toBe('Swiss');
    expect(await stages.currentRound().textContent()).toBe('Round 1 of at most 3');
    await expect.poll(() => stages.openRows().count()).toBe(4);
    // Round 2 cannot start before round 1 is played: a clear refusal.
    await page.getByTestId('stage-next-round').click();
    await expect
      .poll(() => page.getByTestId('stage-actions').getByRole('alert').textContent())
      .toContain('Every match of the current round needs a result before the next round.');
    for (let table = 0; table < 4; table++) {
      // One result per table: the next row is taken once the table shows the last one saved.
      await stages.recordResult(stages.openRows().first(), 12 + table, 9, `Round 1, table ${table + 1}`);
      await expect.poll(() => stages.openRows().count(), { timeout: 15_000 }).toBe(3 - table);
    }
    await expect.poll(() => stages.openRows().count()).toBe(0);
    await page.getByTestId('stage-next-round').click();
    await expect.poll(() => stages.currentRound().textContent()).toBe('Round 2 of at most 3');
    await expect.poll(() => stages.openRows().count()).toBe(4);
    await page.getByTestId('stage-standings').waitFor();
    await page.screenshot({ path: '/tmp/h6-swiss-round2-1280.png', fullPage: true });

    await page.getByTestId('stage-reset-round').click();
    await page.getByTestId('stage-confirm').waitFor();
    // The dialog takes the focus.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.screenshot({ path: '/tmp/h6-reset-confirm-1280.png' });
    await stages.confirm('Reset the round');
    await expect.poll(() => stages.currentRound().textContent()).toBe('Round 1 of at most 3');
    await expect.poll(() => stages.openRows().count()).toBe(0);
    await page.getByTestId('stage-next-round').click();
    await expect.poll(() => stages.currentRound().textContent()).toBe('Round 2 of at most 3');
    await expect.poll(() => stages.openRows().count()).toBe(4);
  });
});
