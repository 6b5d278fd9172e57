import type { Browser } from 'playwright-core';
import { simDemoLadderPlayers } from '../../apps/server/src/game/simulated/sim-demo-ladder-dataset.js';

/**
 * Time to interactive of the Find Match button on My Team (issue 33): a signed-in captain of the
 * demo ladder (a clan leader, whose roster the demo seed locked) opens `/my-clan` with an empty
 * cache on the throttled phone. Ready is the first moment the button is on screen, enabled, and
 * React handles taps (`<html data-interactive>`, set once the app rendered), read by a
 * MutationObserver the page gets before its own scripts (CDP, so the hub's CSP does not apply).
 * Milliseconds from the navigation's start.
 */
const READY_PROBE = `(() => {
  const check = () => {
    if (window.__findMatchReady !== undefined) return;
    const button = document.querySelector('[data-testid="find-match-button"]');
    if (!button || button.disabled || !document.documentElement.hasAttribute('data-interactive')) return;
    if (button.getBoundingClientRect().height === 0) return;
    window.__findMatchReady = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

export interface Throttling {
  downBits: number;
  upBits: number;
  latency: number;
  cpu: number;
}

/** The demo ladder captain the bench signs in as: the first clan's leader. */
export const BENCH_CAPTAIN_TAG = simDemoLadderPlayers.find((p) => p.role === 'leader')!.tag;

export async function findMatchTti(browser: Browser, base: string, throttling: Throttling): Promise<number> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    // Sign in as a person does (one tap on the simulated game's player), unthrottled.
    await page.goto(`${base}/registration/profile/verify`);
    await page.locator('html[data-interactive]').waitFor({ timeout: 60_000 });
    await page.getByTestId(`quick-pick-${BENCH_CAPTAIN_TAG.replace('#', '')}`).click();
    await page.waitForURL((url) => !url.pathname.includes('/registration/profile/verify'));
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latency,
      downloadThroughput: throttling.downBits / 8,
      uploadThroughput: throttling.upBits / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpu });
    await page.addInitScript(READY_PROBE);
    await page.goto(`${base}/my-clan`, { waitUntil: 'commit', timeout: 60_000 });
    // A function, not a string: the hub's CSP (no 'unsafe-eval') refuses a string predicate.
    await page.waitForFunction(
      () => (globalThis as { __findMatchReady?: number }).__findMatchReady !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    return page.evaluate<number>('window.__findMatchReady');
  } finally {
    await context.close();
  }
}
