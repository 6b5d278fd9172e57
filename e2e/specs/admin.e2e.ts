import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminPage } from '../pages/admin.page.js';
import { API_PATHS, ApiClient } from '../support/api-client.js';
import { useBrowser } from '../support/browser.js';
import { monthLater } from '../support/dates.js';

/*
 * The organizer's season in the console, on a tablet-sized screen: clone last season one month
 * later, edit a stage, add a registration phase and an advance rule; then support suspends an
 * account (which can no longer sign in), resets its password through the outbox mail, and reads
 * all of it in the activity log. Demo staff come from the seed (README).
 */
const ORGANIZER = { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' };
const SUPPORT = { email: 'support@clanwarhub.local', password: 'Support!2025' };
const SEASON = 'Clash of Clans Championship 2026';
const CLONE = 'Clash of Clans Championship 2026 (next month)';

interface ListedEvent {
  attributes: { name: string; date: { from: string; to: string } };
}

describe('organizer console journey', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let admin: AdminPage;

  beforeAll(async () => {
    context = await browser().newContext({
      baseURL: inject('baseURL'),
      viewport: { width: 1024, height: 768 },
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    admin = new AdminPage(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the organizer signs in with e-mail and password', async () => {
    await admin.open();
    await admin.signIn(ORGANIZER.email, ORGANIZER.password);
    await expect
      .poll(() => admin.signedIn().textContent())
      .toContain('organizer@clanwarhub.local (organizer)');
  });

  it('clones last season one month later', async () => {
    const card = await admin.openEvent(SEASON);
    await admin.cloneEvent(card, CLONE, 1);
    await admin.event(CLONE).waitFor();
    expect(await card.getByTestId('clone-form').getByRole('status').textContent()).toBe(
      `Season cloned: ${CLONE}`,
    );
    // The copy the server stored runs a month after the original.
    const events = await new ApiClient(inject('baseURL')).call<{ data: ListedEvent[] }>(
      'GET',
      `${API_PATHS.tournaments}/events?page[size]=100`,
    );
    const dates = (name: string) => events.data.find((e) => e.attributes.name === name)?.attributes.date;
    const original = dates(SEASON);
    const copy = dates(CLONE);
    expect(original).toBeDefined();
    const instant = (iso: string) => new Date(iso).toISOString();
    expect(copy && [instant(copy.from), instant(copy.to)]).toEqual([
      monthLater(original!.from),
      monthLater(original!.to),
    ]);
  });

  it('edits a stage’s dates, adds a registration phase and an advance rule in the copy', async () => {
    const card = await admin.openEvent(CLONE);
    const editor = admin.segmentEditor(card, 'Championship TH17');
    await editor.waitFor();
    await admin.editSegmentDates(editor, '2026-05-01T14:00', '2026-05-31T23:00');
    // The season timeline shows the saved dates once the server answered.
    await expect.poll(() => card.textContent()).toContain('1 May 2026, 14:00 GMT → 31 May 2026, 23:00 GMT');
    const edited = admin.segmentEditor(card, 'Championship TH17');
    await admin.addRegistrationPhase(edited, 'Late registration', '2026-04-25T00:00', '2026-04-30T23:00');
    await expect
      .poll(() => admin.segmentEditor(card, 'Championship TH17').textContent())
      .toContain('Late registration (25 Apr 2026, 00:00 GMT');
    // Running the advancement (POST /segments/{id}/advance) belongs to the tournament-stages work.
    const ruleEditor = card
      .locator('[data-testid="segment-editor"]')
      .filter({ has: page.getByTestId('rule-form') })
      .first();
    const nextStage = await ruleEditor.getByLabel('Next stage').locator('option').first().textContent();
    await admin.addAdvanceRule(ruleEditor, '1, 2, 3', nextStage ?? '');
    await expect.poll(() => ruleEditor.textContent()).toContain(`1, 2, 3 → ${nextStage}`);
  });

  it('refuses placements that are not numbers before calling the server', async () => {
    const ruleEditor = page
      .locator('[data-testid="segment-editor"]')
      .filter({ has: page.getByTestId('rule-form') })
      .first();
    await admin.addAdvanceRule(
      ruleEditor,
      '1, two',
      (await ruleEditor.getByLabel('Next stage').locator('option').first().textContent()) ?? '',
    );
    await expect
      .poll(() => ruleEditor.getByRole('alert').textContent())
      .toContain('whole numbers separated by commas');
  });

  it('support suspends the account, which then cannot sign in', async () => {
    await admin.signOut();
    await admin.signIn(SUPPORT.email, SUPPORT.password);
    await admin.signedIn().waitFor();
    await admin.nav('Users');
    await admin.searchUser(ORGANIZER.email);
    await admin.suspend(ORGANIZER.email, 'Shared the account');
    await admin.signOut();
    await admin.signIn(ORGANIZER.email, ORGANIZER.password);
    await expect.poll(() => admin.signInError().textContent()).toContain('This account is suspended');
  });

  it('support lifts the suspension and resets the password through the outbox mail', async () => {
    await admin.signIn(SUPPORT.email, SUPPORT.password);
    await admin.signedIn().waitFor();
    await admin.nav('Users');
    await admin.searchUser(ORGANIZER.email);
    await admin.unsuspend(ORGANIZER.email);
    await admin.sendPasswordReset(ORGANIZER.email);
    const code = await admin.resetCodeFromOutbox(ORGANIZER.email);
    expect(code.length).toBeGreaterThan(20);
    await admin.signOut();
    await admin.resetPassword(code, 'New-Organizer-Pass1');
    await admin.open();
    await admin.signIn(ORGANIZER.email, ORGANIZER.password);
    await expect.poll(() => admin.signInError().textContent()).toContain('Invalid e-mail or password');
    await admin.signIn(ORGANIZER.email, 'New-Organizer-Pass1');
    await admin.signedIn().waitFor();
  });

  it('reads all of it in the activity log', async () => {
    await admin.signOut();
    await admin.signIn(SUPPORT.email, SUPPORT.password);
    await admin.signedIn().waitFor();
    const actions = await admin.activityActions();
    expect(actions).toEqual(
      expect.arrayContaining([
        'event.clone',
        'segment.update',
        'segment.registration-phases.create',
        'segment.advance-rules.create',
        'user.suspend',
        'user.unsuspend',
        'user.password-reset.request',
        'user.password-reset.complete',
      ]),
    );
  });
});
