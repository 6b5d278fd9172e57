import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

export class LeaderboardPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  rows(): Locator {
    return this.page.getByTestId('leaderboard-row');
  }

  ownRow(): Locator {
    return this.page.locator('[data-testid="leaderboard-row"][data-own="true"]');
  }

  row(rosterId: string): Locator {
    return this.page.locator(`[data-testid="leaderboard-row"][data-roster-id="${rosterId}"]`).first();
  }
}
