import type { Locator, Page } from 'playwright-core';

/** The console's Stages page of one segment: the stage, its rounds, its match series and results. */
export class AdminStagesPage {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('admin-stage-page');
  }

  summary(): Locator {
    return this.page.getByTestId('stage-summary');
  }

  createForm(): Locator {
    return this.page.getByTestId('stage-create-form');
  }

  async seeds(): Promise<string[]> {
    return this.createForm()
      .getByTestId('seed-input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  }

  /** Blanks every seed above `count` (those teams stay out of the stage). */
  async keepSeeds(count: number): Promise<void> {
    const inputs = this.createForm().getByTestId('seed-input');
    for (let i = 0; i < (await inputs.count()); i++) {
      const value = Number(await inputs.nth(i).inputValue());
      if (value > count) await inputs.nth(i).fill('');
    }
  }

  /** The first round the create form previews, one "A (1) vs B (8)" or "A (1): bye" per line. */
  async preview(): Promise<string[]> {
    return this.createForm().getByTestId('preview-pairing').allTextContents();
  }

  async create(): Promise<void> {
    await this.createForm().getByRole('button', { name: 'Create stage' }).click();
    await this.summary().waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('stage-series-row');
  }

  /** Series rows with both teams known and no result yet. */
  openRows(): Locator {
    return this.page
      .locator('[data-testid="stage-series-row"]:not([data-state="finished"])')
      .filter({ has: this.page.getByTestId('record-result') });
  }

  async teamsOf(row: Locator): Promise<[string, string]> {
    const spans = row.getByTestId('series-teams').locator('span');
    return [(await spans.nth(0).textContent()) ?? '', (await spans.nth(1).textContent()) ?? ''];
  }

  dialog(): Locator {
    return this.page.getByTestId('result-dialog');
  }

  async fillResult(home: number, away: number, reason: string): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByTestId('result-home-stars').fill(String(home));
    await dialog.getByTestId('result-away-stars').fill(String(away));
    await dialog.getByLabel('Reason (required)').fill(reason);
    await dialog.getByRole('button', { name: 'Save result' }).click();
  }

  /** Opens Record result on the row and saves the result; waits for the dialog to close. */
  async recordResult(row: Locator, home: number, away: number, reason: string): Promise<void> {
    await row.getByTestId('record-result').click();
    await this.fillResult(home, away, reason);
    await this.dialog().waitFor({ state: 'detached' });
  }

  currentRound(): Locator {
    return this.page.getByTestId('stage-current-round');
  }

  async confirm(button: string): Promise<void> {
    await this.page.getByTestId('stage-confirm').getByRole('button', { name: button }).click();
    await this.page.getByTestId('stage-confirm').waitFor({ state: 'detached' });
  }
}
