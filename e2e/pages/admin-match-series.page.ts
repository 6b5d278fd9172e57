import type { Locator, Page } from 'playwright-core';

/** The console's Match series page: filters, a series row, and the result dialog (a reason is required). */
export class AdminMatchSeriesPage {
  constructor(readonly page: Page) {}

  /** Opens the page from the console's navigation. */
  async open(): Promise<void> {
    await this.page.getByRole('navigation').getByRole('link', { name: 'Match series' }).click();
    await this.page.getByTestId('admin-match-series').waitFor();
  }

  async filter(event: string, state?: string): Promise<void> {
    await this.page.getByTestId('filter-event').selectOption({ label: event });
    if (state) await this.page.getByTestId('filter-state').selectOption({ label: state });
  }

  row(seriesId: string): Locator {
    return this.page.locator(`[data-testid="match-series-row"][data-id="${seriesId}"]`);
  }

  resultDialog(): Locator {
    return this.page.getByTestId('result-dialog');
  }

  /** Opens the row's result dialog, fills stars and reason, saves and waits for the dialog to close. */
  async enterResult(
    row: Locator,
    result: { home: number; away: number; reason: string },
    options: { beforeSave?: () => Promise<void> } = {},
  ): Promise<void> {
    await row.getByTestId('action-result').click();
    const dialog = this.resultDialog();
    await dialog.getByTestId('result-home-stars').fill(String(result.home));
    await dialog.getByTestId('result-away-stars').fill(String(result.away));
    await dialog.getByLabel('Reason (required)').fill(result.reason);
    await options.beforeSave?.();
    await dialog.getByRole('button', { name: 'Save result' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
