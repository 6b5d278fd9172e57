import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

export class HomePage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  activeEvent(): Locator {
    return this.page.getByTestId('active-event');
  }

  eventChips(): Locator {
    return this.page.getByTestId('event-chip');
  }

  segments(): Locator {
    return this.page.getByTestId('segment');
  }

  eventDates(): Locator {
    return this.page.getByTestId('event-dates');
  }
}
