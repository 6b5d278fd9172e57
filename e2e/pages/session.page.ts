import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

/** /registration/profile/verify: standalone sign-in (tag + API token, or a simulated player). */
export class VerifyPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async openVerify(): Promise<void> {
    await this.open('/registration/profile/verify');
    await this.page.getByTestId('page-registration-profile-verify').waitFor();
  }

  tagInput(): Locator {
    return this.page.getByTestId('verify-tag');
  }

  tokenInput(): Locator {
    return this.page.getByTestId('verify-token');
  }

  error(): Locator {
    return this.page.getByTestId('verify-error');
  }

  /** Signs in with the tag and token typed into the form. */
  async signInWith(tag: string, token: string): Promise<void> {
    await this.tagInput().fill(tag);
    await this.tokenInput().fill(token);
    await this.page.getByTestId('verify-submit').click();
  }

  /** One tap on a simulated player of the quick pick list. */
  async quickPick(tag: string): Promise<void> {
    await this.page.getByTestId(`quick-pick-${tag.replace('#', '')}`).click();
  }
}
