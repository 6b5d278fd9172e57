import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell.page.js';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
}

/** Age step, profile creation and the success page. */
export class RegistrationPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  agePage(): Locator {
    return this.page.getByTestId('page-registration-profile-age');
  }

  createPage(): Locator {
    return this.page.getByTestId('page-registration-profile-create');
  }

  successPage(): Locator {
    return this.page.getByTestId('page-registration-profile-success');
  }

  async enterDateOfBirth(date: string): Promise<void> {
    await this.agePage().waitFor();
    await this.page.getByTestId('date-of-birth').fill(date);
    await this.page.getByTestId('age-continue').click();
  }

  fieldError(field: string): Locator {
    return this.page.getByTestId(`error-${field}`);
  }

  async fillProfile(profile: ProfileInput): Promise<void> {
    await this.createPage().waitFor();
    for (const [field, value] of Object.entries(profile)) {
      await this.page.getByTestId(`field-${field}`).fill(value);
    }
  }

  async submitProfile(): Promise<void> {
    await this.page.getByTestId('create-account').click();
  }
}
