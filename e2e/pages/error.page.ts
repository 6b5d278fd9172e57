import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

export class ErrorPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  message(): Locator {
    return this.page.getByTestId('error-message');
  }

  async code(): Promise<string | null> {
    return this.message().getAttribute('data-error-code');
  }

  backHome(): Locator {
    return this.page.getByTestId('back-home');
  }

  fatalText(): Locator {
    return this.page.getByTestId('fatal-error-text');
  }

  fatalMessage(): Locator {
    return this.page.getByTestId('fatal-error-message');
  }

  checkInPrompt(): Locator {
    return this.page.getByTestId('overlay-checkin-prompt');
  }
}
