import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

/** The captain's Queue button (docked on Home, inline on Competition) and the select-five modal. */
export class QueuePage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  panel(): Locator {
    return this.page.getByTestId('queue-panel');
  }

  async status(): Promise<string | null> {
    return this.panel().getAttribute('data-status');
  }

  findMatchButton(): Locator {
    return this.page.getByTestId('find-match-button');
  }

  leaveQueueButton(): Locator {
    return this.page.getByTestId('leave-queue-button');
  }

  elapsed(): Locator {
    return this.page.getByTestId('queue-elapsed');
  }

  selectModal(): Locator {
    return this.page.getByTestId('select-five-modal');
  }

  selectedTags(): Promise<string[]> {
    return this.page
      .locator('[data-testid="select-five-player"]:has(input:checked)')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.tag ?? ''));
  }

  submitSelection(): Locator {
    return this.page.getByTestId('select-five-submit');
  }

  /** Find Match → select five (preselected) → Find Match: the team is in the queue. */
  async joinQueue(): Promise<void> {
    await this.findMatchButton().click();
    await this.selectModal().waitFor();
    await this.submitSelection().click();
    await this.page.locator('[data-testid="queue-panel"][data-status="inQueue"]').waitFor();
  }
}
