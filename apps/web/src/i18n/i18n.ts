import { DEFAULT_LOCALE, type Locale } from '@cwh/domain';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enSession from './locales/en/session.json';
import { NAMESPACES, type Namespace, SHELL_NAMESPACES } from './namespaces';

export { NAMESPACES, type Namespace, SHELL_NAMESPACES } from './namespaces';

/** The shell's English texts, bundled in the first chunk (the page needs them before anything renders). */
const enShell: Record<(typeof SHELL_NAMESPACES)[number], Record<string, unknown>> = {
  common: enCommon,
  errors: enErrors,
  session: enSession,
};

type BundleLoader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Every other bundle (a language and a namespace) is its own chunk, fetched when a route needs it:
 * another language's shell before the first render, a page's namespaces with the page's chunk, the
 * overlays' once a player is signed in (overlays/lazy-overlay-host.tsx). The table of a language's
 * bundles (bundles/<locale>.ts) is a small chunk of its own, fetched with its first bundle: the
 * tables of all nine languages in the first chunk cost 8 kB of every page's JavaScript (issue 33).
 */
const bundleTables = import.meta.glob<{ default: Readonly<Record<string, BundleLoader>> }>('./bundles/*.ts');
const tables = new Map<string, Promise<Readonly<Record<string, BundleLoader>>>>();

function tableOf(locale: Locale): Promise<Readonly<Record<string, BundleLoader>>> {
  let table = tables.get(locale);
  if (!table) {
    const load = bundleTables[`./bundles/${locale}.ts`];
    table = load
      ? load().then(
          (module) => module.default,
          (error: unknown) => {
            tables.delete(locale);
            throw error;
          },
        )
      : Promise.resolve({});
    tables.set(locale, table);
  }
  return table;
}

export const i18n = i18next.createInstance();

/**
 * i18next picks plural forms (`key_one`, `key_other`, …) with Intl.PluralRules of the language code.
 * The hub's `jp` is not a language Intl knows, so it would get English rules and look for `_one`;
 * Japanese has only `_other`. Plural rules are asked for with the BCP 47 language instead.
 */
const PLURAL_RULES_LANGUAGE: Readonly<Record<string, string>> = { jp: 'ja', zh_TW: 'zh-TW' };

function askPluralRulesOfTheLanguage(): void {
  const resolver: { getRule(code: string, options?: object): unknown } = i18n.services.pluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(PLURAL_RULES_LANGUAGE[code] ?? code, options);
}

export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      resources: { en: enShell } as Resource,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      // No i18next backend: bundles are added by `loadLocale` and `loadNamespaces` below, before the
      // page that needs them renders (the root loader and the route's lazy chunk wait for them), so
      // `useTranslation` never sees a missing namespace and never shows raw keys.
      react: { useSuspense: false },
    });
    askPluralRulesOfTheLanguage();
  }
  return i18n;
}

/** Namespaces pages asked for so far: a change of language fetches them in the new language too. */
const wanted = new Set<Namespace>(SHELL_NAMESPACES);
/** The language being loaded or shown: a page's namespaces are fetched in it. */
let target: Locale = DEFAULT_LOCALE;
const inFlight = new Map<string, Promise<void>>();

function ensureBundles(locale: Locale, namespaces: Iterable<Namespace>): Promise<unknown> {
  const pending: Promise<void>[] = [];
  for (const ns of namespaces) {
    if (i18n.hasResourceBundle(locale, ns)) continue;
    const key = `../locales/${locale}/${ns}.json`;
    let loading = inFlight.get(key);
    if (!loading) {
      loading = tableOf(locale)
        .then(async (table) => {
          const load = table[key];
          if (!load) return;
          const module = await load();
          i18n.addResourceBundle(locale, ns, module.default, true, true);
        })
        .catch((error: unknown) => {
          inFlight.delete(key);
          throw error;
        });
      inFlight.set(key, loading);
    }
    pending.push(loading);
  }
  return Promise.all(pending);
}

/**
 * Fetches a page's namespaces (its route chunk asks, in parallel with the chunk itself) in the
 * language being shown, or the one being switched to.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  initI18n();
  for (const ns of namespaces) wanted.add(ns);
  const locale = target;
  await ensureBundles(locale, namespaces);
  // The language changed while these were in flight: the new one needs them too.
  if (target !== locale) await ensureBundles(target, namespaces);
}

/**
 * The page's first load (main.tsx, before the router starts): the language the root loader is about
 * to pick, so the shell's texts in it and the first page's namespaces are fetched in it at once,
 * in parallel with the route chunk, not after the root loader has run.
 */
export function preloadLocale(locale: Locale): void {
  initI18n();
  target = locale;
  ensureBundles(locale, wanted).catch(() => {
    // The root loader's loadLocale fetches again and reports the failure.
  });
}

/** The shell's namespaces and those of the pages seen so far, in `locale`; then switches to it. */
export async function loadLocale(locale: Locale): Promise<void> {
  initI18n();
  target = locale;
  await ensureBundles(locale, wanted);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Tests: every bundle of every language at once, so components render without awaiting a fetch. */
export function addAllBundlesForTests(bundles: Record<string, Record<string, unknown>>): void {
  initI18n();
  for (const [path, texts] of Object.entries(bundles)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match) i18n.addResourceBundle(match[1]!, match[2]!, texts, true, true);
  }
  i18n.options.ns = [...NAMESPACES];
}
