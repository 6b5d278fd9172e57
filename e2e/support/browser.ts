import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { recordCoverage } from './coverage.js';

/** Debian's Chromium; every page it opens records the web app's coverage (support/coverage.ts). */
export async function launchBrowser(): Promise<Browser> {
  return recordCoverage(
    await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
  );
}

/** A phone-sized context like the game's web view; `locale` sets the browser language. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { locale?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: options.locale ?? 'en-US',
    viewport: { width: 430, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** One Chromium for the enclosing describe block: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}
