import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from './server-process.js';

/**
 * Coverage of the web app from the browser: every page the suite opens records V8's precise
 * coverage of the hub's scripts (Chromium's profiler, through Playwright), written raw when the page
 * or its context closes. The global teardown maps it back to the sources (`e2e-coverage-report.ts`)
 * and `scripts/coverage-merge.mjs` adds it to the unit tests' coverage. `E2E_COVERAGE=false` turns
 * it off.
 */
export const E2E_COVERAGE = process.env.E2E_COVERAGE !== 'false';
export const E2E_COVERAGE_RAW_DIR = join(REPO_ROOT, 'reports/coverage-e2e/raw');

let written = 0;
const recording = new WeakSet<Page>();

async function start(page: Page): Promise<void> {
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  recording.add(page);
}

/** Stops the page's recording and writes the hub's scripts' coverage (once per page). */
async function save(page: Page): Promise<void> {
  if (!recording.has(page)) return;
  recording.delete(page);
  try {
    const entries = await page.coverage.stopJSCoverage();
    const hub = entries
      .filter((e) => /\/assets\/[^/?#]+\.js(?:$|[?#])/.test(e.url))
      .map((e) => ({ url: e.url, functions: e.functions }));
    if (hub.length === 0) return;
    mkdirSync(E2E_COVERAGE_RAW_DIR, { recursive: true });
    written += 1;
    writeFileSync(join(E2E_COVERAGE_RAW_DIR, `${process.pid}-${written}.json`), JSON.stringify(hub));
  } catch {
    // A page that crashed or was already gone has nothing to give.
  }
}

function recordContext(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await start(page);
    const closePage = page.close.bind(page);
    page.close = async (options) => {
      await save(page);
      return closePage(options);
    };
    return page;
  };
  const closeContext = context.close.bind(context);
  context.close = async (options) => {
    for (const page of context.pages()) await save(page);
    return closeContext(options);
  };
  return context;
}

/** The browser, recording coverage in every context and page it opens (when E2E_COVERAGE). */
export function recordCoverage(browser: Browser): Browser {
  if (!E2E_COVERAGE) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => recordContext(await newContext(options));
  const closeBrowser = browser.close.bind(browser);
  browser.close = async (options) => {
    for (const context of browser.contexts()) await context.close();
    return closeBrowser(options);
  };
  return browser;
}
