import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { recordCoverage } from './coverage.js';

/**
 * Debian's Chromium; every page it opens records the web app's coverage (support/coverage.ts),
 * unless `coverage: false`: for loops that revisit pages other specs cover already, where V8's
 * block coverage and its snapshot at every navigation only cost time.
 */
export async function launchBrowser(options: { coverage?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return options.coverage === false ? browser : recordCoverage(browser);
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
export function useBrowser(options: { coverage?: boolean } = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(options);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}
