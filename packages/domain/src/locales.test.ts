import { describe, expect, it } from 'vitest';
import { localeFromLanguageTag } from './locales.js';

describe('localeFromLanguageTag', () => {
  it.each([
    ['en-US', 'en'],
    ['fr', 'fr'],
    ['de-CH', 'de'],
    ['pt-BR', 'pt'],
    ['ja', 'jp'],
    ['ja-JP', 'jp'],
    ['ko-KR', 'ko'],
    ['zh-TW', 'zh_TW'],
    ['zh-Hant-HK', 'zh_TW'],
    ['zh-CN', null],
    ['nl-NL', null],
    ['', null],
  ])('%s → %s', (tag, expected) => {
    expect(localeFromLanguageTag(tag)).toBe(expected);
  });
});
