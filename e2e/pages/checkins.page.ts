import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

/** My Team's check-in buttons, the segment check-in modal and the match check-in prompt. */
export class CheckInsPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  tournamentCheckInButton(): Locator {
    return this.page.getByTestId('tournament-check-in');
  }

  matchCheckInButton(): Locator {
    return this.page.getByTestId('match-check-in');
  }

  segmentModal(): Locator {
    return this.page.getByTestId('segment-checkin-modal');
  }

  segmentSubmit(): Locator {
    return this.page.getByTestId('segment-checkin-submit');
  }

  segmentSuccess(): Locator {
    return this.page.getByTestId('segment-checkin-success');
  }

  prompt(): Locator {
    return this.page.getByTestId('checkin-prompt');
  }

  promptText(): Locator {
    return this.page.getByTestId('checkin-prompt-text');
  }

  players(): Locator {
    return this.prompt().getByTestId('checkin-player');
  }

  player(tag: string): Locator {
    return this.prompt().locator(`[data-testid="checkin-player"][data-tag="${tag}"]`);
  }

  selectedTags(): Promise<string[]> {
    return this.prompt()
      .locator('[data-testid="checkin-player"]:has(input:checked)')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.tag ?? ''));
  }

  startWar(): Locator {
    return this.page.getByTestId('checkin-start-war');
  }

  teamPhase(): Locator {
    return this.page.getByTestId('team-phase');
  }
}
