import type { Locator, Page } from 'playwright-core';

/** The console's Rosters page and Check-in review page (with its Seeding panel). */
export class AdminRostersPage {
  constructor(readonly page: Page) {}

  /** Opens a console page from the navigation and waits until that page (not the previous one) shows. */
  async nav(name: 'Rosters' | 'Check-in review'): Promise<void> {
    await this.page.getByRole('navigation').getByRole('link', { name }).click();
    await this.page.getByTestId(name === 'Rosters' ? 'admin-rosters' : 'admin-checkins').waitFor();
  }

  /** The console field whose label is `label` (a label around a select also holds its options' text). */
  field(label: string, control: 'select' | 'input'): Locator {
    return this.page
      .locator('.admin-field')
      .filter({ has: this.page.locator('.admin-field__label', { hasText: new RegExp(`^${label}$`) }) })
      .locator(control);
  }

  async chooseEvent(name: string): Promise<void> {
    const select = this.field('Event', 'select');
    await select.locator('option', { hasText: name }).first().waitFor({ state: 'attached' });
    await select.selectOption({ label: name });
  }

  async search(text: string): Promise<void> {
    await this.field('Search', 'input').fill(text);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  roster(name: string): Locator {
    return this.page.locator(`[data-testid="admin-roster"][data-roster="${name}"]`);
  }

  async chooseStage(name: string): Promise<void> {
    const select = this.field('Stage', 'select');
    await select.locator('option', { hasText: name }).first().waitFor({ state: 'attached' });
    await select.selectOption({ label: name });
    await this.page.getByTestId('checkin-teams').waitFor();
  }

  missing(): Locator {
    return this.page.getByTestId('checkin-missing').locator('li');
  }

  checkedIn(): Locator {
    return this.page.getByTestId('checkin-done').locator('li');
  }

  seedRows(): Locator {
    return this.page.getByTestId('seed-row');
  }

  async seedNames(): Promise<string[]> {
    return this.seedRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-roster') ?? ''));
  }
}
