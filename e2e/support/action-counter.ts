import type { Frame, Page } from 'playwright-core';

/**
 * Counts what a person does in a journey: taps (click, tap, check, uncheck) and fields filled (fill,
 * select, type), per page. Every locator and page action goes through its frame, so the counter wraps
 * the frame's action methods once and attributes each call to the frame's page; pages that are not
 * watched are not counted. Waiting, reading and navigating by address are not actions.
 */
const TAPS = ['click', 'dblclick', 'tap'] as const;
/** A check or uncheck of a box already in that state is no tap (Playwright does nothing then). */
const TOGGLES = { check: true, uncheck: false } as const;
const FIELDS = ['fill', 'selectOption', 'type', 'pressSequentially', 'setInputFiles'] as const;

export interface ActionCount {
  clicks: number;
  fields: number;
}

const counts = new WeakMap<Page, ActionCount>();
const wrapped = new WeakSet<object>();

function wrap(prototype: Record<string, unknown>, names: readonly string[], key: keyof ActionCount): void {
  for (const name of names) {
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    prototype[name] = function (this: Frame, ...args: unknown[]) {
      const count = counts.get(this.page());
      if (count) count[key] += 1;
      return original.apply(this, args);
    };
  }
}

function wrapToggles(prototype: Record<string, unknown>): void {
  for (const [name, target] of Object.entries(TOGGLES)) {
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    prototype[name] = async function (this: Frame, selector: string, ...args: unknown[]) {
      const count = counts.get(this.page());
      if (count && (await this.isChecked(selector, { strict: true })) !== target) count.clicks += 1;
      return original.call(this, selector, ...args);
    };
  }
}

/** Starts counting the actions made on `page` (from zero). */
export function watchActions(page: Page): ActionCount {
  const prototype = Object.getPrototypeOf(page.mainFrame()) as Record<string, unknown>;
  if (!wrapped.has(prototype)) {
    wrapped.add(prototype);
    wrap(prototype, TAPS, 'clicks');
    wrapToggles(prototype);
    wrap(prototype, FIELDS, 'fields');
  }
  const count = { clicks: 0, fields: 0 };
  counts.set(page, count);
  return count;
}

/** The sum over the watched pages. */
export function totalActions(pages: readonly Page[]): ActionCount {
  const total = { clicks: 0, fields: 0 };
  for (const page of pages) {
    const count = counts.get(page);
    total.clicks += count?.clicks ?? 0;
    total.fields += count?.fields ?? 0;
  }
  return total;
}
