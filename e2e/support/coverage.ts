import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: plain JavaScript without type declarations (the library c8 merges V8 coverage with)
import { mergeProcessCovs } from '@bcoe/v8-coverage';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from './server-process.js';

/**
 * Coverage of the web app from the browser: every page the suite opens records V8's precise
 * coverage of the hub's scripts (Chromium's profiler, through Playwright). V8 reports only the
 * scripts of the current document, so the coverage is taken before every `goto` and `reload` (and
 * when the page closes), merged in memory, and written once per test file. The global teardown maps
 * it back to the sources (`e2e-coverage-report.ts`) and `scripts/coverage-merge.mjs` adds it to the
 * unit tests' coverage. `E2E_COVERAGE=false` turns it off.
 */
export const E2E_COVERAGE = process.env.E2E_COVERAGE !== 'false';
export const E2E_COVERAGE_RAW_DIR = join(REPO_ROOT, 'reports/coverage-e2e/raw');

interface ScriptCoverage {
  url: string;
  functions: unknown[];
}

/** Taken snapshots, merged whenever a few have piled up (one process coverage at rest). */
let pending: { result: ScriptCoverage[] }[] = [];
const recording = new WeakSet<Page>();

function compact(): void {
  if (pending.length > 1) pending = [mergeProcessCovs(pending)];
}

/** Writes what this test file's pages recorded (sync: also runs at process exit). */
function flush(): void {
  compact();
  const merged = pending[0];
  pending = [];
  if (!merged || merged.result.length === 0) return;
  mkdirSync(E2E_COVERAGE_RAW_DIR, { recursive: true });
  writeFileSync(
    join(E2E_COVERAGE_RAW_DIR, `${process.pid}-${Date.now()}.json`),
    JSON.stringify(merged.result),
  );
}
if (E2E_COVERAGE) process.on('exit', flush);

/** Takes the page's coverage so far: the hub's scripts, by path (ports differ between servers). */
async function take(page: Page): Promise<void> {
  const entries = await page.coverage.stopJSCoverage();
  const hub = entries
    .filter((e) => /\/assets\/[^/?#]+\.js(?:$|[?#])/.test(e.url))
    .map((e) => ({ url: new URL(e.url).pathname, functions: e.functions }));
  if (hub.length > 0) pending.push({ result: hub });
  if (pending.length >= 8) compact();
}

async function start(page: Page): Promise<void> {
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  recording.add(page);
  // A full navigation replaces the document and V8 forgets its scripts: take the coverage first.
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      if (recording.has(page)) {
        try {
          await take(page);
          await page.coverage.startJSCoverage({ resetOnNavigation: false });
        } catch {
          recording.delete(page);
        }
      }
      return navigate(...args);
    };
  }
}

/** Stops the page's recording and keeps its coverage (once per page). */
async function save(page: Page): Promise<void> {
  if (!recording.has(page)) return;
  recording.delete(page);
  try {
    await take(page);
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
    flush();
    return closeBrowser(options);
  };
  return browser;
}
