import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromLanguageTag,
  NON_STANDARD_LANGUAGE_LOCALES,
} from '@cwh/domain';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '../lib/config';
import { readCookie, writeCookie } from '../lib/cookies';

export interface LocaleSources {
  pathname: string;
  cookie?: string | null;
  languages?: readonly string[];
}

/** Splits "/fr/competition" into the locale prefix and the rest ("/competition"). */
export function splitLocalePath(pathname: string): { locale: Locale | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first)) return { locale: first, rest: match?.[2] ?? '/' };
  return { locale: null, rest: pathname || '/' };
}

/** Path prefix, else the `locale` cookie, else the browser languages, else English (spec 1). */
export function detectLocale({ pathname, cookie, languages = [] }: LocaleSources): Locale {
  const fromPath = splitLocalePath(pathname).locale;
  if (fromPath) return fromPath;
  if (isLocale(cookie)) return cookie;
  for (const tag of languages) {
    const locale = localeFromLanguageTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function detectBrowserLocale(pathname: string): Locale {
  return detectLocale({
    pathname,
    cookie: readCookie(LOCALE_COOKIE),
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

/**
 * The same detection from a page request's headers (the server renderer, entry-server.tsx): the
 * `locale` cookie, then Accept-Language in the order given.
 */
export function detectRequestLocale(pathname: string, headers: Headers): Locale {
  const languages = (headers.get('accept-language') ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter((tag) => tag !== '' && tag !== '*');
  return detectLocale({
    pathname,
    cookie: readCookie(LOCALE_COOKIE, headers.get('cookie') ?? ''),
    languages,
  });
}

/** Puts an app path ("/competition") under a prefix; `null` keeps it unprefixed. */
export function localizePath(path: string, prefix: Locale | null): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (!prefix) return clean;
  return clean === '/' ? `/${prefix}` : `/${prefix}${clean}`;
}

/** The URL after switching language: same page, same query and hash, new prefix. */
export function switchLocaleUrl(
  location: { pathname: string; search?: string; hash?: string },
  locale: Locale,
) {
  const { rest } = splitLocalePath(location.pathname);
  return `${localizePath(rest, locale)}${location.search ?? ''}${location.hash ?? ''}`;
}

export function rememberLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

/**
 * BCP 47 tag for `lang` attributes (<html lang>, the language switcher's options): the hub's own codes
 * are not all BCP 47 (jp is ja, zh_TW is zh-TW), and the hub's Portuguese is Brazilian. The CSS picks
 * the CJK font stack with :lang(ja), :lang(ko) and :lang(zh-TW), so these tags must match it.
 */
export const HTML_LANG: Record<Locale, string> = {
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

export const NON_STANDARD_LANGUAGE_CLASS = 'non-standard-language';

export function applyDocumentLocale(locale: Locale, root: HTMLElement = document.documentElement): void {
  root.lang = HTML_LANG[locale];
  root.dataset.locale = locale;
  root.classList.toggle(NON_STANDARD_LANGUAGE_CLASS, NON_STANDARD_LANGUAGE_LOCALES.includes(locale));
}
