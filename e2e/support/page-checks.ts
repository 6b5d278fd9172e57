import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Checks run on a page that is open: axe-core's accessibility findings and the sideways overflow
 * of the phone layout. The route pass (route-pages.e2e.ts) runs them on the one load of every
 * route in every language; a11y.e2e.ts on the stage pages and at 200 % text.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 AA and the earlier levels it includes. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's serious and critical findings on the page, one line each. axe is evaluated through the
 * DevTools protocol, which the hub's CSP does not govern (an inline script tag, which it does, is
 * rightly refused), so the page is checked under its real CSP.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  }, AXE_TAGS);
  return found.map((f) => `${where}: ${f.id} (${f.impact}) ${f.help} → ${f.targets.join(', ')}`);
}

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The sideways overflow that lasts: a page still settling (its data arriving, a transition) may be
 * a few pixels wide for a moment on a loaded machine; what is still there after 3 s is a fault.
 */
async function lastingOverflow(page: Page): Promise<number> {
  const settled = await page
    .waitForFunction(() => document.documentElement.scrollWidth - window.innerWidth <= 0, undefined, {
      timeout: 3_000,
    })
    .then(
      () => true,
      () => false,
    );
  return settled ? 0 : horizontalOverflow(page);
}

/** The innermost elements that stick out on the right, to name in a failure. */
function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    return out
      .filter((el) => !out.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}[${el.dataset.testid ?? ''}]`,
      );
  });
}

/** The page's lasting sideways scroll, naming what sticks out; null when there is none. */
export async function sidewaysScroll(page: Page, where: string): Promise<string | null> {
  const overflow = await lastingOverflow(page);
  return overflow > 0
    ? `${where} scrolls ${overflow} px sideways: ${(await stickingOut(page)).join(', ')}`
    : null;
}
