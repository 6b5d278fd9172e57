import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.js';

/*
 * Tournament stages on the web (issue #7): the organizer creates an 8-team double-elimination
 * stage (Monthly Finals) and a swiss stage (Monthly Qualifier) through the API from the demo
 * season's locked rosters and plays a few results; a visitor reads them on the competition page on
 * a phone and a laptop, moves round by round on the phone, and opens the broadcast view.
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const JSONAPI = 'application/vnd.api+json';
const T = '/api/tournaments/1.0';

interface Segment {
  id: string;
  attributes: { name: string; stageCode: string };
}

describe('tournament stages on the web', () => {
  const browser = useBrowser();
  const baseURL = inject('baseURL');
  let token = '';
  let context: BrowserContext;
  let page: Page;
  const ids = { de: '', swiss: '' };

  async function call<R>(method: string, path: string, body?: unknown): Promise<{ status: number; json: R }> {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        accept: JSONAPI,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': JSONAPI }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : null) as R };
  }

  /** Plays up to `count` open series of the stage whose two sides are known (home wins, or away by forfeit). */
  async function play(stageId: string, count: number) {
    const { json } = await call<{
      data: { id: string; attributes: { state: string; bye: boolean; competitors: { roster: unknown }[] } }[];
    }>('GET', `${T}/bracket/${stageId}/match-series?page[size]=100`);
    const open = json.data.filter(
      (s) =>
        s.attributes.state !== 'finished' &&
        !s.attributes.bye &&
        s.attributes.competitors.every((c) => c.roster),
    );
    for (const [index, series] of open.slice(0, count).entries()) {
      const attributes = {
        homeStars: 9,
        awayStars: 5,
        ...(index === 1 ? { forfeit: 'away' } : {}),
      };
      const result = await call('PATCH', `${T}/match-series/${series.id}/relationships/matches/results`, {
        data: { attributes: { ...attributes, reason: 'e2e: stage views' } },
      });
      expect(result.status).toBe(200);
    }
    return Math.min(count, open.length);
  }

  beforeAll(async () => {
    const login = await call<{ data: { attributes: { token: { value: string } } } }>(
      'POST',
      '/api/users/1.0/login',
      {
        data: { attributes: ORGANIZER },
      },
    );
    token = login.json.data.attributes.token.value;
    const events = await call<{
      data: { id: string; attributes: { competition: string; status: string } }[];
    }>('GET', `${T}/events`);
    const season = events.json.data.find(
      (e) => e.attributes.status === 'active' && e.attributes.competition === 'championship',
    )!;
    const segments = (await call<{ data: Segment[] }>('GET', `${T}/events/${season.id}/segments`)).json.data;
    ids.de = segments.find((s) => s.attributes.stageCode === 'MF')!.id;
    ids.swiss = segments.find((s) => s.attributes.stageCode === 'MQ')!.id;
    // The demo season may already have a stage there (409): the views are read as they are.
    const de = await call<{ data: { id: string } }>('POST', `${T}/segments/${ids.de}/bracket`, {
      data: { attributes: { format: 'double_elimination', size: 8 } },
    });
    expect([201, 409]).toContain(de.status);
    const deInfo = await call<{ data: { id: string } }>('GET', `${T}/segments/${ids.de}/bracket/info`);
    // Upper round 1 and the first lower round: the upper round 2 waits.
    for (let i = 0; i < 3; i++) await play(deInfo.json.data.id, 3);
    const swiss = await call('POST', `${T}/segments/${ids.swiss}/bracket`, {
      data: { attributes: { rounds: 3 } },
    });
    expect([201, 409]).toContain(swiss.status);
    const swissInfo = await call<{ data: { id: string } }>('GET', `${T}/segments/${ids.swiss}/bracket/info`);
    if (swiss.status === 201) {
      await call('POST', `${T}/segments/${ids.swiss}/bracket/rounds`);
      await play(swissInfo.json.data.id, 100);
      await call('POST', `${T}/segments/${ids.swiss}/bracket/rounds`);
    }
  });
  afterAll(async () => {
    await context?.close();
  });

  const open = async (width: number, height: number) => {
    await context?.close();
    context = await browser().newContext({ baseURL, viewport: { width, height } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  };

  it('a phone shows the double-elimination stage one round per screen', async () => {
    await open(390, 844);
    await page.goto(`/competition?stage=${ids.de}`);
    await page.getByTestId('stage-view').waitFor();
    const upper = page.getByRole('region', { name: 'Upper bracket' });
    await upper.waitFor();
    await page.getByRole('region', { name: 'Lower bracket' }).waitFor();
    await page.getByRole('region', { name: 'Grand final' }).waitFor();
    // One round on screen: the round with matches to play.
    const visibleRounds = () => upper.locator('[data-testid="bracket-round"]:visible').count();
    expect(await visibleRounds()).toBe(1);
    const position = upper.getByTestId('round-position');
    const before = await position.textContent();
    await upper.getByRole('button', { name: /Previous round/ }).click();
    await expect.poll(() => position.textContent()).not.toBe(before);
    expect(await visibleRounds()).toBe(1);
    const previous = upper.getByRole('button', { name: /Previous round/ });
    while (await previous.isEnabled()) await previous.click();
    expect(await upper.getByRole('list', { name: 'Round 1' }).getByRole('listitem').count()).toBe(4);
    await page.screenshot({ path: '/tmp/h3-e2e-de-390.png', fullPage: true });
  });

  it('a laptop shows every round side by side, and the swiss stage with pools and standings', async () => {
    await open(1280, 800);
    await page.goto(`/competition?stage=${ids.de}`);
    const upper = page.getByRole('region', { name: 'Upper bracket' });
    await upper.waitFor();
    expect(await upper.locator('[data-testid="bracket-round"]:visible').count()).toBe(3);
    expect(await upper.getByRole('button', { name: /Next round/ }).isVisible()).toBe(false);
    await page.screenshot({ path: '/tmp/h3-e2e-de-1280.png', fullPage: true });

    await page
      .getByTestId('stage-picker')
      .getByRole('link', { name: /Monthly Qualifier/ })
      .click();
    await page.getByTestId('swiss-pools').waitFor();
    expect(await page.getByTestId('swiss-pool').count()).toBeGreaterThan(0);
    await page.getByTestId('stage-view-standings').click();
    const table = page.getByTestId('swiss-standings');
    await table.waitFor();
    expect(await table.getByRole('columnheader', { name: 'Buch.' }).count()).toBe(1);
    expect(await table.getByTestId('swiss-standing').count()).toBeGreaterThan(1);
    await page.screenshot({ path: '/tmp/h3-e2e-swiss-1280.png', fullPage: true });
  });

  it('the broadcast view has no site chrome and shows the bracket at 1920×1080', async () => {
    await open(1920, 1080);
    await page.goto(`/broadcast/${ids.de}?bg=transparent`);
    await page.getByTestId('page-broadcast').waitFor();
    await page.getByTestId('double-elimination-bracket').waitFor();
    expect(await page.getByTestId('skip-link').count()).toBe(0);
    expect(await page.locator('html').getAttribute('class')).toContain('broadcast-transparent');
    await page.screenshot({ path: '/tmp/h3-e2e-broadcast.png' });
    await page.goto(`/fr/broadcast/${ids.swiss}`);
    await page.getByTestId('swiss-standings').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Qualification mensuelle');
  });
});
