import { DEFAULT_LOCALE, isLocale, type Locale } from '@cwh/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { localizePath } from './locale';

/** The language the page is shown in. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The locale prefix of the current URL, or null when the URL has none. */
export function useLocalePrefix(): Locale | null {
  const { locale } = useParams();
  return isLocale(locale) ? locale : null;
}

/** Turns an app path ("/competition") into a link that keeps the current URL's locale prefix. */
export function useLocalizedPath(): (path: string) => string {
  const prefix = useLocalePrefix();
  return useCallback((path: string) => localizePath(path, prefix), [prefix]);
}

/** Navigates to an app path (an error route, a war link) keeping the URL's locale prefix. */
export function useGoTo(): (path: string) => void {
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return useCallback((path: string) => void navigate(localize(path)), [navigate, localize]);
}
