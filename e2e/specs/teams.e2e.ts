import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistrationPage } from '../pages/registration.page.js';
import { VerifyPage } from '../pages/session.page.js';
import { SimulatorApi } from '../pages/simulator-api.js';
import { LockRosterPage, MyTeamPage, PickCaptainPage, SelectionPage } from '../pages/team.page.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { freshServer } from '../support/fresh-server.js';
import type { RunningServer } from '../support/server-process.js';

/*
 * Team building with the simulated game (apps/server/src/game/simulated/sim-dataset.ts):
 * Atlanta Titans, championship TH17. Tokens are `sim-token-<tag without #>`.
 */
const CLAN = '#2Y0PQ9LC';
const LEADER = '#LQ2Y000'; // Marcus Stone, leader
const ELDER_1 = '#LQ2Y009'; // Jonas Berg
const ELDER_2 = '#LQ2Y00P'; // Priya Nair
const MEMBER_1 = '#LQ2Y00Y'; // Luca Romano
const MEMBER_2 = '#LQ2Y00L'; // Chen Wei
const MEMBER_3 = '#LQ2Y00G'; // Elena Petrova
const TEAM = [LEADER, ELDER_1, ELDER_2, MEMBER_1, MEMBER_2] as const;
const token = (tag: string) => `sim-token-${tag.replace('#', '')}`;

let server: RunningServer;
let browser: Browser;
let sim: SimulatorApi;
const contexts: BrowserContext[] = [];
let leader: Page;

async function signedInPage(tag: string, how: 'form' | 'pick' = 'pick'): Promise<Page> {
  const context = await newContext(browser, server.baseURL);
  contexts.push(context);
  const page = await context.newPage();
  const verify = new VerifyPage(page);
  await verify.openVerify();
  if (how === 'form') await verify.signInWith(tag, token(tag));
  else await verify.quickPick(tag);
  return page;
}

async function register(page: Page, tag: string): Promise<void> {
  const registration = new RegistrationPage(page);
  await registration.enterDateOfBirth('1996-04-12');
  await registration.createPage().waitFor();
  // 'Field is required' shows at once when a required field is emptied. Typed again until it shows:
  // on a loaded machine the form can still be mounting afresh (its session arriving) when the first
  // keystrokes land, and a fresh form has no field touched yet.
  await expect
    .poll(
      async () => {
        await page.getByTestId('field-firstName').fill('x');
        await page.getByTestId('field-firstName').fill('');
        return registration.fieldError('firstName').count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  expect(await registration.fieldError('firstName').textContent()).toBe('Field is required');
  const id = tag.replace('#', '').toLowerCase();
  await registration.fillProfile({
    firstName: 'Player',
    lastName: id,
    username: `player-${id}`,
    email: `${id}@example.test`,
  });
  await registration.submitProfile();
  await registration.successPage().waitFor();
}

beforeAll(async () => {
  server = await freshServer();
  sim = new SimulatorApi(server.baseURL);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('team building', () => {
  it('the leader signs in with tag and API token and lands on My Team without a team', async () => {
    leader = await signedInPage(LEADER, 'form');
    const team = new MyTeamPage(leader);
    await team.root().waitFor();
    expect(await team.clanName().textContent()).toBe('Atlanta Titans');
    expect(await team.phase().getAttribute('data-phase')).toBe('notSelected');
    await team.button('create-team').click();
    await leader.getByTestId('page-my-clan-manage').waitFor();
  });

  it('4 members: Please pick at least 5 clan members', async () => {
    const selection = new SelectionPage(leader);
    await selection.checkbox().first().waitFor();
    await selection.selectOnly([LEADER, ELDER_1, ELDER_2, MEMBER_1]);
    expect(await selection.errors()).toEqual(['Please pick at least 5 clan members']);
    expect(await selection.continueButton().isDisabled()).toBe(true);
  });

  it('5 without a leader or co-leader: You must select at least 1 Clan Leader or Co-leader', async () => {
    const selection = new SelectionPage(leader);
    await selection.selectOnly([ELDER_1, ELDER_2, MEMBER_1, MEMBER_2, MEMBER_3]);
    expect(await selection.errors()).toEqual(['You must select at least 1 Clan Leader or Co-leader']);
  });

  it('5 valid members and a captain make the team', async () => {
    const selection = new SelectionPage(leader);
    await selection.selectOnly([...TEAM]);
    expect(await selection.errors()).toEqual([]);
    await selection.continueButton().click();
    await new PickCaptainPage(leader).choose(LEADER);
    await leader.getByTestId('page-registration-feedback-captain-pick-completed').waitFor();
    const team = new MyTeamPage(leader);
    await team.openTeam();
    expect((await team.rosterTags()).sort()).toEqual([...TEAM].sort());
    expect(await team.rosterMember(LEADER).getByTestId('captain-badge').count()).toBe(1);
    expect(await team.memberStatus(MEMBER_2)).toBe('needsToRegister');
  });

  it('a member who leaves the clan before the lock must be reselected', async () => {
    await sim.setClan(MEMBER_1, null);
    const team = new MyTeamPage(leader);
    await team.openTeam();
    expect(await team.rosterTags()).not.toContain(MEMBER_1);
    await team.warning('rosterIncomplete').waitFor();

    await sim.setClan(MEMBER_1, CLAN, 'member');
    await team.openTeam();
    expect(await team.rosterTags()).not.toContain(MEMBER_1);

    const selection = new SelectionPage(leader);
    await selection.openSelection();
    expect(await selection.checkbox(MEMBER_1).isChecked()).toBe(false);
    await selection.setSelected(MEMBER_1, true);
    expect(await selection.errors()).toEqual([]);
    await selection.continueButton().click();
    await new PickCaptainPage(leader).choose(LEADER);
    await leader.getByTestId('page-registration-feedback-captain-pick-completed').waitFor();
    await team.openTeam();
    expect((await team.rosterTags()).sort()).toEqual([...TEAM].sort());
  });

  it('each of the 5 players signs in and registers', async () => {
    // The leader is on the roster, so the Registration button shows for them too (spec 2).
    const team = new MyTeamPage(leader);
    await team.openTeam();
    await team.button('register-button').click();
    await register(leader, LEADER);

    for (const tag of TEAM.filter((t) => t !== LEADER)) {
      const page = await signedInPage(tag);
      await register(page, tag);
    }

    await team.openTeam();
    for (const tag of TEAM) expect(await team.memberStatus(tag)).toBe('ready');
    expect(await team.phase().getAttribute('data-phase')).toBe('readyToLock');
  });

  it('an unselected clan member sees the team status but no Registration button', async () => {
    const page = await signedInPage(MEMBER_3);
    const team = new MyTeamPage(page);
    await page.getByTestId('not-invited').waitFor();
    expect(await team.phase().getAttribute('data-phase')).toBe('readyToLock');
    expect(await team.button('register-button').count()).toBe(0);
  });

  it('the captain locks the team', async () => {
    const team = new MyTeamPage(leader);
    await team.openTeam();
    await team.button('lock-team').click();
    const lock = new LockRosterPage(leader);
    expect(await lock.header().textContent()).toBe('Confirm your Roster');
    await lock.confirm().click();
    await lock.dialog().waitFor();
    expect(await lock.dialog().textContent()).toContain('Success!');
    expect(await lock.dialog().textContent()).toContain('You have created the Roster!');
    await team.openTeam();
    await team.lockedBadge().waitFor();
    // The demo season's Monthly Qualifier has its check-in window open now, so a locked team's
    // phase is the pre-segment check-in (spec 4 phases), no longer the plain lock.
    await expect
      .poll(() => team.phase().getAttribute('data-phase'), { timeout: 15_000 })
      .toBe('preSegmentCheckIn');
  });

  it('a member sees they joined the roster', async () => {
    const page = await signedInPage(ELDER_1);
    const team = new MyTeamPage(page);
    await team.root().waitFor();
    expect(await team.joinedNotice().textContent()).toBe('You have joined the Roster!');
  });

  it('after the lock a member may leave and rejoin without reselection', async () => {
    await sim.setClan(MEMBER_2, null);
    const team = new MyTeamPage(leader);
    await team.openTeam();
    expect(await team.rosterTags()).toContain(MEMBER_2);
    expect(await team.memberStatus(MEMBER_2)).toBe('notReady');

    await sim.setClan(MEMBER_2, CLAN, 'member');
    await team.openTeam();
    expect(await team.memberStatus(MEMBER_2)).toBe('ready');
    expect((await team.rosterTags()).sort()).toEqual([...TEAM].sort());
    await team.lockedBadge().waitFor();
  });
});
