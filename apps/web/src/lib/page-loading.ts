import { IDLE_PREFETCH_TIMEOUT_MS, PAGE_DATA_MIN_DELAY_MS } from '@cwh/domain';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let firstPageLoaded = false;

/**
 * A page's data loader whose answer takes at least PAGE_DATA_MIN_DELAY_MS (spec 9), so a fast
 * answer does not flash the progress and loading states on a navigation. The page of the first
 * load is not held back (it already waits behind the full-screen loader).
 */
export function withPageDataMinDelay(loader: LoaderFunction): LoaderFunction {
  return async (args: LoaderFunctionArgs, handlerContext?: unknown) => {
    // The server renderer answers at once: the delay is a navigation's, in the browser.
    if (!firstPageLoaded || typeof document === 'undefined') {
      try {
        return await loader(args, handlerContext);
      } finally {
        firstPageLoaded = true;
      }
    }
    const [result] = await Promise.all([loader(args, handlerContext), wait(PAGE_DATA_MIN_DELAY_MS)]);
    return result;
  };
}

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
}

let prefetchScheduled = false;

/**
 * Once per page load, fetches the lazily loaded page chunks when the browser is idle, at the
 * latest after IDLE_PREFETCH_TIMEOUT_MS (spec 9), so later navigations do not wait for them.
 * Without requestIdleCallback (some web views) the timeout alone schedules it. Failures are
 * ignored: the chunk is fetched again when its page is opened.
 */
export function prefetchWhenIdle(
  loaders: readonly (() => Promise<unknown>)[],
  target: IdleWindow = globalThis as IdleWindow,
): void {
  if (prefetchScheduled) return;
  prefetchScheduled = true;
  const run = () => {
    for (const load of loaders) load().catch(() => undefined);
  };
  if (typeof target.requestIdleCallback === 'function') {
    target.requestIdleCallback(run, { timeout: IDLE_PREFETCH_TIMEOUT_MS });
  } else {
    setTimeout(run, IDLE_PREFETCH_TIMEOUT_MS);
  }
}

/** Tests: forget the first load and the scheduled prefetch. */
export function resetPageLoading(): void {
  firstPageLoaded = false;
  prefetchScheduled = false;
}
