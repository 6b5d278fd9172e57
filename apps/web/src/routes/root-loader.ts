import { DEFAULT_LOCALE, isLocale, type Locale } from '@cwh/domain';
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { loadLocale } from '../i18n/i18n';
import { applyDocumentLocale, detectBrowserLocale, detectRequestLocale, localizePath } from '../i18n/locale';

export interface RootData {
  locale: Locale;
  /** The first path segment looked like a locale prefix but is not one: the page does not exist. */
  notFound: boolean;
}

/**
 * Picks the language (path prefix, else cookie, else browser, else en), loads its texts before the
 * page renders, and puts a detected non-English language onto the path.
 */
export async function rootLoader({ request, params }: LoaderFunctionArgs): Promise<RootData> {
  const url = new URL(request.url);
  // On the server (entry-server.tsx) the visitor's cookie and languages come with the request.
  const onServer = typeof document === 'undefined';
  const detect = (path: string) =>
    onServer ? detectRequestLocale(path, request.headers) : detectBrowserLocale(path);
  const prefix = params.locale;
  let locale: Locale;
  let notFound = false;
  if (prefix === undefined) {
    locale = detect(url.pathname);
    if (locale !== DEFAULT_LOCALE) throw redirect(`${localizePath(url.pathname, locale)}${url.search}`);
  } else if (isLocale(prefix)) {
    locale = prefix;
  } else {
    locale = detect('/');
    notFound = true;
  }
  await loadLocale(locale);
  if (!onServer) applyDocumentLocale(locale);
  return { locale, notFound };
}

export function shouldRevalidateRoot({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean {
  return currentParams.locale !== nextParams.locale;
}
