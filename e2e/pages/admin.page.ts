import type { Locator, Page } from 'playwright-core';

/** The organizer console under /admin: sign-in, events and seasons, users, activity log, outbox. */
export class AdminPage {
  constructor(readonly page: Page) {}

  async open(path = '/admin'): Promise<void> {
    await this.page.goto(path);
    await this.page.getByTestId('page-admin').waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    const form = this.page.getByTestId('admin-sign-in');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  signedIn(): Locator {
    return this.page.getByTestId('admin-signed-in');
  }

  signInError(): Locator {
    return this.page.getByTestId('admin-sign-in').getByRole('alert');
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await this.page.getByTestId('admin-sign-in').waitFor();
  }

  async nav(name: 'Events and seasons' | 'Users' | 'Activity log' | 'Mail outbox'): Promise<void> {
    await this.page.getByRole('navigation').getByRole('link', { name }).click();
  }

  event(name: string): Locator {
    return this.page.locator(`[data-testid="admin-event"][data-name="${name}"]`);
  }

  async openEvent(name: string): Promise<Locator> {
    const card = this.event(name);
    await card.getByRole('button', { name: 'Open' }).click();
    return card;
  }

  async cloneEvent(card: Locator, newName: string, months: number): Promise<void> {
    const form = card.getByTestId('clone-form');
    await form.getByLabel('Name of the new season').fill(newName);
    await form.getByLabel('Shift by months').fill(String(months));
    await form.getByRole('button', { name: 'Clone season' }).click();
    await form.getByRole('status').waitFor();
  }

  /** Events page, admin only: a new event from scratch (`datetime-local` values, GMT). */
  async createEvent(name: string, from: string, to: string): Promise<void> {
    const form = this.page.getByTestId('event-create-form');
    await form.getByLabel('Event name').fill(name);
    await form.getByLabel('Starts (GMT)').fill(from);
    await form.getByLabel('Ends (GMT)').fill(to);
    await form.getByRole('button', { name: 'Create event' }).click();
    await this.event(name).waitFor();
  }

  /** Add stage on the event's timeline; `format` is the option's label when not the form's default. */
  async addStage(card: Locator, name: string, format?: string): Promise<void> {
    const form = card.getByTestId('segment-create-form');
    // Open on an empty event, one click away otherwise.
    await form.or(card.getByTestId('segment-add-open')).first().waitFor();
    if (!(await form.isVisible())) await card.getByTestId('segment-add-open').click();
    await form.getByLabel('Stage name').fill(name);
    if (format) await form.getByLabel('Format').selectOption({ label: format });
    await form.getByTestId('segment-create').click();
    await this.segmentEditor(card, name).waitFor();
  }

  segmentEditor(card: Locator, segmentName: string): Locator {
    return card.locator(`[data-testid="segment-editor"][data-name="${segmentName}"]`).first();
  }

  async editSegmentDates(editor: Locator, from: string, to: string): Promise<void> {
    await editor.getByTestId('segment-from').fill(from);
    await editor.getByTestId('segment-to').fill(to);
    await editor.getByTestId('segment-save').click();
  }

  async addRegistrationPhase(editor: Locator, name: string, from: string, to: string): Promise<void> {
    const form = editor.getByTestId('phase-form');
    await form.getByLabel('Phase name').fill(name);
    await form.getByLabel('Starts (GMT)').fill(from);
    await form.getByLabel('Ends (GMT)').fill(to);
    await form.getByRole('button', { name: 'Add registration phase' }).click();
  }

  async addAdvanceRule(editor: Locator, placements: string, nextStage: string): Promise<void> {
    const form = editor.getByTestId('rule-form');
    await form.getByLabel('Placements (comma-separated)').fill(placements);
    await form.getByLabel('Next stage').selectOption({ label: nextStage });
    await form.getByRole('button', { name: 'Add advance rule' }).click();
  }

  user(email: string): Locator {
    return this.page.locator(`[data-testid="admin-user"][data-email="${email}"]`);
  }

  async searchUser(text: string): Promise<Locator> {
    await this.page.getByTestId('user-search').fill(text);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = this.user(text);
    await row.waitFor();
    return row;
  }

  async suspend(email: string, reason: string): Promise<void> {
    const row = this.user(email);
    await row.getByTestId('suspend-reason').fill(reason);
    await row.getByTestId('suspend').click();
    await this.user(email).getByTestId('user-suspended').waitFor();
  }

  async unsuspend(email: string): Promise<void> {
    await this.user(email).getByRole('button', { name: 'Lift suspension' }).click();
    await this.user(email).getByTestId('suspend').waitFor();
  }

  async sendPasswordReset(email: string): Promise<void> {
    const row = this.user(email);
    await row.getByTestId('reset-password').click();
    await row.getByText('Password reset mail sent').waitFor();
  }

  /** The reset code of the newest outbox mail to `email`. */
  async resetCodeFromOutbox(email: string): Promise<string> {
    await this.nav('Mail outbox');
    const mail = this.page.locator(`[data-testid="outbox-mail"][data-to="${email}"]`).first();
    const text = (await mail.locator('pre').textContent()) ?? '';
    return /Reset code: (\S+)/.exec(text)?.[1] ?? '';
  }

  async resetPassword(token: string, password: string): Promise<void> {
    await this.page.goto(`/admin/password-reset?token=${encodeURIComponent(token)}`);
    const form = this.page.getByTestId('password-reset');
    await form.getByTestId('reset-new-password').fill(password);
    await form.getByRole('button', { name: 'Save the new password' }).click();
    await form.getByRole('status').waitFor();
  }

  async activityActions(): Promise<string[]> {
    await this.nav('Activity log');
    const rows = this.page.getByTestId('activity-entry');
    await rows.first().waitFor();
    return rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-action') ?? ''));
  }
}
