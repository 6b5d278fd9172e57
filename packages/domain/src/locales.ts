/** The 9 locales of the hub; English is the default and the source of every text. */
export const LOCALES = ['en', 'fr', 'it', 'de', 'es', 'pt', 'jp', 'ko', 'zh_TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Locales that get the non-standard-language styling (spec 9 also names zh_cn, not offered here). */
export const NON_STANDARD_LANGUAGE_LOCALES: readonly Locale[] = ['jp', 'ko', 'zh_TW'];

/**
 * BCP 47 tag to hand to Intl for each hub locale (the hub's own codes are not all BCP 47).
 * Portuguese is Brazilian Portuguese (the texts are written in it, with você).
 */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-GB',
  fr: 'fr-FR',
  it: 'it-IT',
  de: 'de-DE',
  es: 'es-ES',
  pt: 'pt-BR',
  jp: 'ja-JP',
  ko: 'ko-KR',
  zh_TW: 'zh-TW',
};

export function isLocale(value: string | null | undefined): value is Locale {
  return value != null && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a browser language tag (navigator.languages entry, Accept-Language item) to a hub locale:
 * `ja` → jp, `zh-TW`/`zh-Hant` → zh_TW, `pt-BR` → pt, anything unknown → null.
 */
export function localeFromLanguageTag(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (lower === '') return null;
  if (lower.startsWith('zh')) {
    return lower.includes('tw') || lower.includes('hant') || lower.includes('hk') ? 'zh_TW' : null;
  }
  const primary = lower.split(/[-_]/)[0]!;
  if (primary === 'ja' || primary === 'jp') return 'jp';
  return isLocale(primary) ? primary : null;
}
