import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, NON_STANDARD_LANGUAGE_LOCALES } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import {
  applyDocumentLocale,
  detectLocale,
  HTML_LANG,
  localizePath,
  splitLocalePath,
  switchLocaleUrl,
} from './locale';

describe('locale detection', () => {
  it('takes the path prefix first', () => {
    expect(detectLocale({ pathname: '/fr/competition', cookie: 'de', languages: ['ko'] })).toBe('fr');
    expect(detectLocale({ pathname: '/zh_TW', cookie: null })).toBe('zh_TW');
  });

  it('then the locale cookie, then the browser languages, then English', () => {
    expect(detectLocale({ pathname: '/competition', cookie: 'de', languages: ['ko'] })).toBe('de');
    expect(detectLocale({ pathname: '/', cookie: 'xx', languages: ['ja-JP', 'en'] })).toBe('jp');
    expect(detectLocale({ pathname: '/', cookie: null, languages: ['zh-CN', 'zh-TW'] })).toBe('zh_TW');
    expect(detectLocale({ pathname: '/', cookie: null, languages: ['nl', 'sv'] })).toBe('en');
  });

  it('does not take a page name for a locale', () => {
    expect(splitLocalePath('/competition')).toEqual({ locale: null, rest: '/competition' });
    expect(splitLocalePath('/jp/my-clan/kick/abc')).toEqual({ locale: 'jp', rest: '/my-clan/kick/abc' });
    expect(splitLocalePath('/ko')).toEqual({ locale: 'ko', rest: '/' });
  });
});

describe('language switch', () => {
  it('rewrites the prefix and keeps the rest of the path, the query and the hash', () => {
    expect(switchLocaleUrl({ pathname: '/fr/competition', search: '?tab=prizes', hash: '#top' }, 'de')).toBe(
      '/de/competition?tab=prizes#top',
    );
    expect(switchLocaleUrl({ pathname: '/my-clan/kick/%23ABC' }, 'ko')).toBe('/ko/my-clan/kick/%23ABC');
    expect(switchLocaleUrl({ pathname: '/' }, 'it')).toBe('/it');
    expect(switchLocaleUrl({ pathname: '/jp' }, 'en')).toBe('/en');
  });

  it('localizes app paths under a prefix or none', () => {
    expect(localizePath('/', null)).toBe('/');
    expect(localizePath('/schedule', null)).toBe('/schedule');
    expect(localizePath('/', 'pt')).toBe('/pt');
    expect(localizePath('/schedule', 'pt')).toBe('/pt/schedule');
  });
});

describe('document language', () => {
  it('maps hub codes to BCP 47 and flags the non-standard-language locales', () => {
    const root = document.createElement('html');
    applyDocumentLocale('jp', root);
    expect(root.lang).toBe('ja');
    expect(root.classList.contains('non-standard-language')).toBe(true);
    applyDocumentLocale('zh_TW', root);
    expect(root.lang).toBe('zh-TW');
    applyDocumentLocale('fr', root);
    expect(root.lang).toBe('fr');
    expect(root.classList.contains('non-standard-language')).toBe(false);
  });

  it('gives every hub locale its BCP 47 tag', () => {
    expect(HTML_LANG).toEqual({
      en: 'en',
      fr: 'fr',
      it: 'it',
      de: 'de',
      es: 'es',
      pt: 'pt-BR',
      jp: 'ja',
      ko: 'ko',
      zh_TW: 'zh-TW',
    });
    const root = document.createElement('html');
    for (const locale of LOCALES) {
      applyDocumentLocale(locale, root);
      expect(root.lang).toBe(HTML_LANG[locale]);
      expect(root.dataset.locale).toBe(locale);
    }
  });
});

describe('CJK fonts', () => {
  const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../styles/global.css'), 'utf8');
  const stack = (lang: string) => {
    const rule = new RegExp(`(?:^|\\n):lang\\(${lang}\\) \\{\\s*--font-cjk:([^;]+);`).exec(css);
    return rule?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
  };

  it('has a :lang() font stack for the html lang of each non-standard-language locale', () => {
    const expected: Record<string, string> = {
      jp: 'Noto Sans CJK JP',
      ko: 'Noto Sans CJK KR',
      zh_TW: 'Noto Sans CJK TC',
    };
    for (const locale of NON_STANDARD_LANGUAGE_LOCALES) {
      expect(stack(HTML_LANG[locale]).startsWith(`"${expected[locale]}"`)).toBe(true);
    }
  });

  it('does not let Korean or Traditional Chinese fall back to Japanese fonts (nor Japanese to others)', () => {
    const japanese = /JP|Hiragino|Yu ?Gothic|Meiryo/;
    const korean = /KR|Apple SD Gothic|Malgun/;
    const chinese = /TC|PingFang|JhengHei/;
    expect(stack('ko')).not.toMatch(japanese);
    expect(stack('ko')).not.toMatch(chinese);
    expect(stack('zh-TW')).not.toMatch(japanese);
    expect(stack('zh-TW')).not.toMatch(korean);
    expect(stack('ja')).not.toMatch(korean);
    expect(stack('ja')).not.toMatch(chinese);
  });
});
