import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

/** /my-clan: the My Team tab. */
export class MyTeamPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  /** Opens My Team and waits until the clan has been (re)loaded. */
  async openTeam(): Promise<void> {
    await this.open('/my-clan');
    await this.loaded();
  }

  async loaded(): Promise<void> {
    await this.page.getByTestId('team-card').waitFor();
  }

  root(): Locator {
    return this.page.getByTestId('page-my-clan');
  }

  clanName(): Locator {
    return this.page.getByTestId('clan-name');
  }

  phase(): Locator {
    return this.page.getByTestId('team-phase');
  }

  lockedBadge(): Locator {
    return this.page.getByTestId('locked-badge');
  }

  rosterMember(tag: string): Locator {
    return this.page.locator(`[data-testid="roster-members"] [data-testid="member"][data-tag="${tag}"]`);
  }

  async rosterTags(): Promise<string[]> {
    await this.loaded();
    return this.page
      .locator('[data-testid="roster-members"] [data-testid="member"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-tag') ?? ''));
  }

  async memberStatus(tag: string): Promise<string | null> {
    return this.rosterMember(tag).getByTestId('member-status').getAttribute('data-status');
  }

  warning(name: string): Locator {
    return this.page.getByTestId(`warning-${name}`);
  }

  joinedNotice(): Locator {
    return this.page.getByTestId('roster-joined');
  }

  button(
    name:
      | 'register-button'
      | 'create-team'
      | 'manage-team'
      | 'lock-team'
      | 'change-captain'
      | 'invite-members'
      | 'withdraw-team',
  ): Locator {
    return this.page.getByTestId(name);
  }
}

/** /my-clan/manage: Pick Team with instant validation. */
export class SelectionPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async openSelection(): Promise<void> {
    await this.open('/my-clan/manage');
    await this.page.getByTestId('page-my-clan-manage').waitFor();
    await this.checkbox().first().waitFor();
  }

  checkbox(tag?: string): Locator {
    return tag
      ? this.page.locator(`[data-testid="select-member"][data-tag="${tag}"]`)
      : this.page.getByTestId('select-member');
  }

  async setSelected(tag: string, on: boolean): Promise<void> {
    await this.checkbox(tag).setChecked(on);
  }

  /**
   * Ticks exactly `tags`, unticking everybody else first: the page refuses a tick past the team's
   * size, as a person unticks one before ticking another.
   */
  async selectOnly(tags: readonly string[]): Promise<void> {
    const all = await this.checkbox().evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-tag') ?? ''),
    );
    for (const tag of all) if (!tags.includes(tag)) await this.setSelected(tag, false);
    for (const tag of all) if (tags.includes(tag)) await this.setSelected(tag, true);
  }

  async errors(): Promise<string[]> {
    return this.page.getByTestId('selection-error').allTextContents();
  }

  continueButton(): Locator {
    return this.page.getByTestId('selection-continue');
  }
}

/** /registration/team/pick-captain */
export class PickCaptainPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async choose(tag: string): Promise<void> {
    await this.page.getByTestId('page-registration-team-pick-captain').waitFor();
    await this.page.locator(`[data-testid="captain-option"][data-tag="${tag}"]`).check();
    await this.page.getByTestId('choose-captain').click();
  }
}

/** /my-clan/lock-roster */
export class LockRosterPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  header(): Locator {
    return this.page.getByTestId('lock-header');
  }

  confirm(): Locator {
    return this.page.getByTestId('confirm-lock');
  }

  dialog(): Locator {
    return this.page.getByTestId('roster-locked-dialog');
  }
}
