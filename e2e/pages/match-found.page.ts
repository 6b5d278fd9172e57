import type { Locator, Page } from 'playwright-core';

/** The match found modal: ring, Accept / Decline, notices. */
export class MatchFoundModal {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('match-found-modal');
  }

  ring(): Locator {
    return this.page.getByTestId('countdown-ring');
  }

  async phase(): Promise<string | null> {
    return this.page.getByTestId('match-found-state').getAttribute('data-phase');
  }

  waitForPhase(phase: string, timeout?: number): Promise<unknown> {
    return this.page
      .locator(`[data-testid="match-found-state"][data-phase="${phase}"]`)
      .waitFor(timeout ? { timeout } : {});
  }

  notice(): Locator {
    return this.page.getByTestId('match-found-notice');
  }

  accept(): Promise<void> {
    return this.page.getByTestId('match-found-accept').click();
  }

  decline(): Promise<void> {
    return this.page.getByTestId('match-found-decline').click();
  }

  waitClosed(timeout?: number): Promise<void> {
    return this.root().waitFor({ state: 'detached', ...(timeout ? { timeout } : {}) });
  }
}
