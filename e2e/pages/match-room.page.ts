import type { Locator, Page } from 'playwright-core';

/** The match page's match room: the veto board (pick and ban). */
export class MatchRoomPage {
  constructor(readonly page: Page) {}

  async open(seriesId: string): Promise<void> {
    await this.page.goto(`/match/${seriesId}`);
    await this.page.getByTestId('match-series').waitFor();
  }

  board(): Locator {
    return this.page.getByTestId('veto-board');
  }

  /** The board's phase from this viewer's seat: mine, theirs or closed. */
  phase(): Promise<string | null> {
    return this.board().getAttribute('data-phase');
  }

  /** The text the live region announced last (the last step taken). */
  announced(): Promise<string | null> {
    return this.page.getByTestId('veto-live').textContent();
  }

  /** On this captain's turn: selects the items by name and confirms. */
  async choose(...names: string[]): Promise<void> {
    const chooser = this.page.getByTestId('veto-chooser');
    for (const name of names) await chooser.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await this.page.getByTestId('veto-confirm').click();
  }

  steps(): Promise<string[]> {
    return this.page.getByTestId('veto-steps').locator('li').allTextContents();
  }

  picked(): Promise<string[]> {
    return this.board().getByTestId('veto-picked').locator('li').allTextContents();
  }

  banned(): Promise<string[]> {
    return this.board().getByTestId('veto-banned').locator('li').allTextContents();
  }
}
