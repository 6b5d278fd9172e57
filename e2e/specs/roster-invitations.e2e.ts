import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simToken } from '../pages/ladder-api.js';
import { RosterApi } from '../pages/roster-api.js';
import { VerifyPage } from '../pages/session.page.js';
import { launchBrowser } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * A roster that is not a clan's enlists nobody without consent: its owner invites, and the invited
 * player answers on My Team, on a phone. Own server: the invited players join a roster.
 */
let server: RunningServer;
let browser: Browser;
let api: RosterApi;
let rosterId = '';
let invited: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await freshServer();
  browser = await launchBrowser();
  api = new RosterApi(server.baseURL);
  const [owner, ...others] = await api.th17Players();
  invited = others.slice(0, 2);
  expect(owner && invited.length === 2).toBe(true);
  const ownerToken = await api.hubUser(owner!);
  rosterId = await api.createRoster(ownerToken, 'Drifters', await api.championshipStageId());
  await api.invite(ownerToken, rosterId, invited);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function myTeamAs(tag: string, locale: string) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  const verify = new VerifyPage(page);
  await verify.openVerify();
  await verify.signInWith(tag, simToken(tag));
  await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
  await verify.open('/my-clan', locale);
  await page.getByTestId('roster-invitations').waitFor();
  return page;
}

describe('roster invitations on a phone', () => {
  it('the invited player sees the invitation on My Team and accepts: they are on the roster', async () => {
    const page = await myTeamAs(invited[0]!, 'en');
    expect(await page.getByTestId('roster-invitation').textContent()).toContain(
      'Drifters invites you to play on its roster.',
    );
    expect(await api.rosterPlayers(rosterId)).toEqual([]);
    await page.screenshot({ path: 'artifacts/roster-invitation-en-390.png' });
    await page.getByTestId('roster-invitation-accept').click();
    expect(await page.getByTestId('roster-invitation-answered').textContent()).toBe('You joined Drifters.');
    await page.getByTestId('roster-invitation').waitFor({ state: 'detached' });
    expect(await api.rosterPlayers(rosterId)).toEqual([invited[0]]);
  });

  it('in French, the other player declines: not on the roster', async () => {
    const page = await myTeamAs(invited[1]!, 'fr');
    expect(await page.getByTestId('roster-invitation').textContent()).toContain(
      'Drifters vous invite à rejoindre son effectif.',
    );
    await page.getByTestId('roster-invitation-decline').click();
    expect(await page.getByTestId('roster-invitation-answered').textContent()).toBe(
      "Vous avez refusé l'invitation de Drifters.",
    );
    expect(await api.rosterPlayers(rosterId)).toEqual([invited[0]]);
  });
});
