import { LOCALES } from '@cwh/domain';
import * as z from './safe-zod.js';

/** The locales an organizer may name an event or segment in: every hub locale but English (`name`). */
export const NAME_TRANSLATION_LOCALES = LOCALES.filter(
  (locale): locale is Exclude<(typeof LOCALES)[number], 'en'> => locale !== 'en',
);
export type NameTranslationLocale = (typeof NAME_TRANSLATION_LOCALES)[number];

/** An event's or segment's names in other locales, as documents carry them (absent from older servers). */
export const nameTranslations = z.partialRecord(z.enum(NAME_TRANSLATION_LOCALES), z.string());
export type NameTranslations = Partial<Record<NameTranslationLocale, string>>;

/**
 * The organizer's names per locale in admin bodies: each a trimmed, non-empty name of at most
 * `max` characters; a locale the hub does not have is refused (VALIDATION_FAILED).
 */
export const nameTranslationsInput = (max: number) =>
  z.strictObject(
    Object.fromEntries(
      NAME_TRANSLATION_LOCALES.map((locale) => [locale, z.string().trim().min(1).max(max).optional()]),
    ) as Record<NameTranslationLocale, z.ZodOptional<z.ZodString>>,
  );
