import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, localeFromLanguageTag, NON_STANDARD_LANGUAGE_LOCALES } from './locales.js';

describe('locale defaults', () => {
  it('English is the default; jp, ko and zh_TW get the non-standard-language styling', () => {
    expect(DEFAULT_LOCALE).toBe('en');
    expect(NON_STANDARD_LANGUAGE_LOCALES).toEqual(['jp', 'ko', 'zh_TW']);
  });
});

describe('localeFromLanguageTag: case and spaces', () => {
  it.each([
    { tag: 'ja', expected: 'jp', why: 'Japanese is the hub locale jp' },
    { tag: 'JA-jp', expected: 'jp', why: 'tags are case-insensitive' },
    { tag: ' fr-CA ', expected: 'fr', why: 'surrounding spaces are ignored' },
    { tag: 'DE', expected: 'de', why: 'an upper-case primary tag' },
  ])('$tag → $expected ($why)', ({ tag, expected }) => {
    expect(localeFromLanguageTag(tag)).toBe(expected);
  });
});
