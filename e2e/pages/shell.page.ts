import type { Locator, Page } from 'playwright-core';

/** The layout every page shares: header tabs, language switcher, the page's root and title. */
export class ShellPage {
  constructor(readonly page: Page) {}

  /** Opens `path` (e.g. '/competition') under `locale`; `en` may also be opened without prefix. */
  async open(path: string, locale?: string): Promise<void> {
    const prefix = locale ? `/${locale}` : '';
    const target = path === '/' ? prefix || '/' : `${prefix}${path}`;
    await this.page.goto(target);
  }

  /**
   * Waits until the app handles taps itself: on the server's HTML, a link tapped before React has
   * hydrated it is followed by a page load (a journey that counts loads waits for this).
   */
  async interactive(): Promise<void> {
    await this.page.locator('html[data-interactive="true"]').waitFor({ state: 'attached' });
  }

  /** The page root: every page marks itself with data-testid="page-<name>". */
  pageRoot(): Locator {
    return this.page.locator('[data-testid^="page-"]').first();
  }

  async pageName(): Promise<string> {
    await this.pageRoot().waitFor();
    const id = await this.pageRoot().getAttribute('data-testid');
    return (id ?? '').replace(/^page-/, '');
  }

  title(): Locator {
    return this.pageRoot().locator('h1').first();
  }

  htmlLang(): Promise<string | null> {
    return this.page.locator('html').getAttribute('lang');
  }

  htmlClass(): Promise<string | null> {
    return this.page.locator('html').getAttribute('class');
  }

  languageSwitcher(): Locator {
    return this.page.getByTestId('language-switcher');
  }

  tab(name: 'home' | 'competition' | 'leaderboard' | 'schedule' | 'myTeam'): Locator {
    return this.page.getByTestId(`nav-${name}`);
  }
}
