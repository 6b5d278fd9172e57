import type { Locale } from '@cwh/domain';

/** Each language named in itself (autonyms are the same in every locale, so they are not translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  de: 'Deutsch',
  es: 'Español',
  pt: 'Português',
  jp: '日本語',
  ko: '한국어',
  zh_TW: '繁體中文',
};
