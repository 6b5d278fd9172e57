import type { Locator, Page } from 'playwright-core';
import { dismissStartWar } from './match-room.page.js';

/** The match page's dispute panel (a captain's view). */
export class MatchDisputePage {
  constructor(readonly page: Page) {}

  async open(seriesId: string): Promise<void> {
    await this.page.goto(`/match/${seriesId}`);
    await this.page.getByTestId('match-series').waitFor();
    await this.dismissStartWar();
  }

  /** The captain's next match (the bracket's next node) prompts to start the war: close it if it shows. */
  dismissStartWar(): Promise<void> {
    return dismissStartWar(this.page);
  }

  panel(): Locator {
    return this.page.getByTestId('match-dispute');
  }

  /** Opens the form, writes the reason, adds the screenshots (uploaded at once) and sends. */
  async dispute(reason: string, screenshots: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.page.getByTestId('dispute-open').click();
    await this.page.getByTestId('dispute-reason').fill(reason);
    await this.page.getByTestId('dispute-file').setInputFiles(screenshots);
    await this.page.getByTestId('dispute-shots').locator('img').first().waitFor();
  }

  async send(): Promise<void> {
    await this.page.getByTestId('dispute-submit').click();
    await this.page.getByTestId('dispute-status').waitFor();
  }

  status(): Promise<string | null> {
    return this.page.getByTestId('dispute-status').getAttribute('data-status');
  }
}

/** The console's Disputes page (/admin/disputes). */
export class AdminDisputesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Disputes' }).click();
    await this.page.getByTestId('admin-disputes').waitFor();
  }

  card(text: string): Locator {
    return this.page.getByTestId('dispute-card').filter({ hasText: text });
  }

  /**
   * Corrects the result: the note to the captains and the internal reason on the card, then the
   * console's result dialog (it opens on the stored result, with the internal reason as its reason).
   */
  async correct(
    card: Locator,
    result: { home: number; away: number; note: string; internalReason: string },
  ): Promise<void> {
    await card.getByTestId('dispute-note-input').fill(result.note);
    await card.getByTestId('dispute-internal-input').fill(result.internalReason);
    await card.getByTestId('dispute-correct').click();
    const dialog = this.page.getByTestId('result-dialog');
    await dialog.getByTestId('result-home-stars').fill(String(result.home));
    await dialog.getByTestId('result-away-stars').fill(String(result.away));
    await dialog.getByRole('button', { name: 'Save result' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
