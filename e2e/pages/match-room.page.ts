import type { Locator, Page } from 'playwright-core';

/**
 * Closes the start-war prompt if it opens over the page (a captain's match within the hour, or
 * the next bracket node): it is a modal, so the page under it takes no input.
 */
export async function dismissStartWar(page: Page): Promise<void> {
  const prompt = page.getByTestId('start-war-note');
  try {
    await prompt.waitFor({ timeout: 3_000 });
  } catch {
    return;
  }
  // On a loaded machine the prompt can show before its key handler is attached, and one Escape is
  // lost: press it again until the prompt has gone (15 s at most, the pages' default wait).
  const until = Date.now() + 15_000;
  for (;;) {
    await page.keyboard.press('Escape');
    try {
      await prompt.waitFor({ state: 'detached', timeout: 1_000 });
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
  }
}

/** The match page's match room: the veto board (pick and ban) and the match chat. */
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

  chat(): Locator {
    return this.page.getByTestId('match-chat');
  }

  /** Writes a message in the match chat and sends it (the start-war prompt closed first). */
  async say(text: string): Promise<void> {
    await dismissStartWar(this.page);
    await this.chat().getByLabel('Your message').fill(text);
    await this.chat().getByRole('button', { name: 'Send' }).click();
  }

  /** The chat's messages as shown (author, text, time), oldest first. */
  lines(): Promise<string[]> {
    return this.chat().getByTestId('chat-message').allTextContents();
  }
}
