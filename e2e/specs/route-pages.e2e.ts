import { LOCALES, NON_STANDARD_LANGUAGE_LOCALES } from '@cwh/domain';
import type { Browser } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ShellPage } from '../pages/shell.page.js';
import { useBrowser } from '../support/browser.js';
import { axeFindings, sidewaysScroll } from '../support/page-checks.js';
import { routesOf } from '../support/routes.js';

/*
 * Every route of spec section 2 in every language, each opened once on the narrowest phone (320 px)
 * and checked for everything a load shows:
 * - the page: the route's page (or the sign-in page for a visitor on a page that needs a player),
 *   a title, <html lang> and the non-standard-language styling of the language, the path keeps
 *   its language prefix;
 * - the layout (public routes, in every language): nothing scrolls sideways, the My Team tab stays
 *   fully visible. No breakpoint lies between 320 and 360 px (a11y.e2e.ts checks it), so what fits
 *   320 px fits 360 px;
 * - accessibility (public routes, English and French): no serious or critical axe-core finding
 *   (WCAG 2.2 AA), under the hub's own CSP.
 * English is opened both without prefix and with /en. The titles seen are compared across
 * languages at the end: translated, not English copies.
 */

/** Where a page that needs a signed-in player may send a visitor who has none. */
const SIGN_IN_PAGES = ['registration-profile-verify'];

const HTML_LANG: Record<string, string> = {
  en: 'en',
  fr: 'fr',
  it: 'it',
  de: 'de',
  es: 'es',
  pt: 'pt-BR',
  jp: 'ja',
  ko: 'ko',
  zh_TW: 'zh-TW',
};

const WIDTH = 320;
const AXE_LOCALES = ['en', 'fr'];
/** The languages whose pages record coverage; the others revisit the same code in other words. */
const COVERAGE_LOCALES: (string | undefined)[] = [undefined, 'en', 'fr', 'jp', 'ko'];

/** The titles each pass saw, by route, for the translation check. */
const titles = new Map<string, Map<string, string>>();

async function routeProblems(
  browser: Browser,
  baseURL: string,
  locale: string | undefined,
): Promise<string[]> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: WIDTH, height: 720 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const shell = new ShellPage(page);
  const language = locale ?? 'en';
  const prefix = locale ? `/${locale}` : '';
  const styled = (NON_STANDARD_LANGUAGE_LOCALES as readonly string[]).includes(language);
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const route of await routesOf(baseURL)) {
    const where = `${prefix}${route.path}`;
    await shell.open(route.path, locale);
    const name = await shell.pageName();
    const allowed = route.needsSession ? [route.page, ...SIGN_IN_PAGES] : [route.page];
    if (!allowed.includes(name)) problems.push(`${where} showed page-${name}, not ${allowed.join(' or ')}`);
    const title = (await shell.title().innerText()).trim();
    if (title.length === 0) problems.push(`${where} has no title`);
    const lang = await shell.htmlLang();
    if (lang !== HTML_LANG[language])
      problems.push(`${where}: <html lang="${lang}">, not ${HTML_LANG[language]}`);
    const classes = (await shell.htmlClass()) ?? '';
    if (classes.includes('non-standard-language') !== styled)
      problems.push(`${where}: <html class="${classes}"> ${styled ? 'lacks' : 'has'} non-standard-language`);
    if (!new URL(page.url()).pathname.startsWith(prefix))
      problems.push(`${where} left ${prefix} for ${page.url()}`);
    // A name (a player's, a team's) reads the same in every language: not compared.
    if (name === route.page && !route.namedTitle) seen.set(route.path, title);
    if (route.needsSession || locale === undefined) continue;
    const scroll = await sidewaysScroll(page, where);
    if (scroll) problems.push(scroll);
    const tab = await shell.tab('myTeam').boundingBox();
    if (!(tab !== null && tab.width > 0 && tab.x >= 0 && tab.x + tab.width <= WIDTH))
      problems.push(`${where}: My Team tab not fully visible (${JSON.stringify(tab)})`);
    if (AXE_LOCALES.includes(locale)) problems.push(...(await axeFindings(page, where)));
  }
  titles.set(locale ?? 'unprefixed', seen);
  await context.close();
  return problems;
}

describe('every route in every language, one load each', { shuffle: false }, () => {
  const recording = useBrowser();
  const plain = useBrowser({ coverage: false });
  const baseURL = inject('baseURL');

  for (const locale of [undefined, ...LOCALES]) {
    const checks = [
      'page, title, lang, prefix',
      ...(locale ? ['no sideways scroll at 320 px, My Team visible'] : []),
      ...(locale && AXE_LOCALES.includes(locale) ? ['no serious axe finding'] : []),
    ];
    it(`${locale ?? 'en (unprefixed)'}: ${checks.join('; ')}`, async () => {
      const browser = COVERAGE_LOCALES.includes(locale) ? recording() : plain();
      expect(await routeProblems(browser, baseURL, locale)).toEqual([]);
    }, 240_000);
  }

  it('shows translated titles, not English copies', () => {
    const en = titles.get('en');
    expect(en?.size).toBeGreaterThan(10);
    for (const locale of ['jp', 'ko', 'zh_TW']) {
      const other = titles.get(locale)!;
      for (const [path, title] of other) {
        if (en?.has(path)) expect(title, `${locale}${path}`).not.toBe(en.get(path));
      }
    }
    for (const locale of ['fr', 'it', 'de', 'es', 'pt']) {
      const other = titles.get(locale)!;
      const differing = [...other].filter(([path, title]) => en?.get(path) !== title).length;
      expect(differing / other.size, locale).toBeGreaterThan(0.7);
    }
  });
});
