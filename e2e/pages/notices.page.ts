import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

/** The header's notification bell and the notification list (/notifications). */
export class NoticesPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  bell(): Locator {
    return this.page.getByTestId('notice-bell');
  }

  /** Waits until the bell's accessible name is `label` (it carries the unread count). */
  async waitForBellLabel(label: string, timeout = 15_000): Promise<void> {
    await this.page.locator(`[data-testid="notice-bell"][aria-label="${label}"]`).waitFor({ timeout });
  }

  notices(): Locator {
    return this.page.getByTestId('notice');
  }

  notice(kind: string): Locator {
    return this.page.locator(`[data-testid="notice"][data-kind="${kind}"]`);
  }

  /** The notice's link: its text, and where it leads. */
  noticeLink(kind: string): Locator {
    return this.notice(kind).getByRole('link');
  }

  async kinds(): Promise<string[]> {
    return this.notices().evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.kind ?? ''));
  }
}
