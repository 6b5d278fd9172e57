import { LOCALES, type Locale } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, NAMESPACES } from './i18n';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

/** Proper nouns and strings that are legitimately the same as English in another language. */
const SAME_AS_ENGLISH_ALLOWED = new Set(['Clan War Hub', 'Discord', 'WeChat']);

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Three words or more once interpolations are removed: long enough that a copy means "not translated". */
const isSentence = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, '')
    .split(/\s+/)
    .filter((w) => /\p{L}{2,}/u.test(w)).length >= 3;

function load(locale: string, ns: string): Map<string, string> {
  const tree = files[`./locales/${locale}/${ns}.json`];
  if (!tree) throw new Error(`missing file locales/${locale}/${ns}.json`);
  return flatten(tree);
}

/** `key_one`, `key_other`…: i18next plural forms of `key`. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The plural suffixes i18next looks up for a language (`_one`, `_other` in English; `_other` only in Japanese). */
function pluralSuffixes(locale: Locale): string[] {
  initI18n();
  return (i18n.services.pluralResolver.getSuffixes(locale) as string[]).slice().sort();
}

/** Plain keys as they are; plural forms grouped under their key with the suffixes found. */
function split(texts: Map<string, string>) {
  const plain = new Map<string, string>();
  const plural = new Map<string, Map<string, string>>();
  for (const [key, text] of texts) {
    const suffix = PLURAL_SUFFIX.exec(key);
    if (!suffix) {
      plain.set(key, text);
      continue;
    }
    const base = key.slice(0, suffix.index);
    const forms = plural.get(base) ?? new Map<string, string>();
    forms.set(`_${suffix[1]}`, text);
    plural.set(base, forms);
  }
  return { plain, plural };
}

describe('translations', () => {
  it('has a file for every locale and namespace, and no other', () => {
    const expected = LOCALES.flatMap((l) => NAMESPACES.map((ns) => `./locales/${l}/${ns}.json`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    for (const ns of NAMESPACES) {
      it(`${locale}/${ns} has exactly the English keys and variables, translated`, () => {
        const english = split(load('en', ns));
        const translated = split(load(locale, ns));
        const missing = [...english.plain.keys(), ...english.plural.keys()].filter(
          (k) => !translated.plain.has(k) && !translated.plural.has(k),
        );
        const extra = [...translated.plain.keys(), ...translated.plural.keys()].filter(
          (k) => !english.plain.has(k) && !english.plural.has(k),
        );
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });

        const problems: string[] = [];
        for (const [key, source] of english.plain) {
          const text = translated.plain.get(key) ?? '';
          if (translated.plural.has(key)) problems.push(`${key}: plural in ${locale}, not in English`);
          if (text.trim() === '') problems.push(`${key}: empty`);
          if (variables(text).join() !== variables(source).join()) {
            problems.push(`${key}: variables ${variables(text)} ≠ ${variables(source)}`);
          }
          if (text === source && isSentence(source) && !SAME_AS_ENGLISH_ALLOWED.has(source)) {
            problems.push(`${key}: not translated`);
          }
        }
        for (const [key, sources] of english.plural) {
          const forms = translated.plural.get(key) ?? new Map<string, string>();
          const sourceOther = sources.get('_other') ?? '';
          const allowed = new Set([...sources.values()].flatMap(variables));
          for (const [suffix, text] of forms) {
            if (text.trim() === '') problems.push(`${key}${suffix}: empty`);
            const unknown = variables(text).filter((v) => !allowed.has(v));
            if (unknown.length) problems.push(`${key}${suffix}: unknown variables ${unknown}`);
            const source = sources.get(suffix) ?? sourceOther;
            if (text === source && isSentence(source)) problems.push(`${key}${suffix}: not translated`);
          }
          const other = forms.get('_other') ?? '';
          if (variables(other).join() !== variables(sourceOther).join()) {
            problems.push(`${key}_other: variables ${variables(other)} ≠ ${variables(sourceOther)}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

describe('plural forms', () => {
  for (const locale of LOCALES) {
    it(`${locale} has exactly the plural forms its language uses (${pluralSuffixes(locale).join(' ')})`, () => {
      const wrong: string[] = [];
      for (const ns of NAMESPACES) {
        for (const [key, forms] of split(load(locale, ns)).plural) {
          const found = [...forms.keys()].sort();
          if (found.join() !== pluralSuffixes(locale).join())
            wrong.push(`${ns}:${key} has ${found.join(' ')}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('Japanese, Korean and Chinese use _other only; English and German _one and _other', () => {
    expect(pluralSuffixes('jp')).toEqual(['_other']);
    expect(pluralSuffixes('ko')).toEqual(['_other']);
    expect(pluralSuffixes('zh_TW')).toEqual(['_other']);
    expect(pluralSuffixes('en')).toEqual(['_one', '_other']);
    expect(pluralSuffixes('de')).toEqual(['_one', '_other']);
    expect(pluralSuffixes('fr')).toEqual(['_many', '_one', '_other']);
  });
});

describe('error catalogue texts', () => {
  it('has a title and a message for every error code of the domain catalogue', async () => {
    const { ERROR_CODES } = await import('@cwh/domain');
    const english = load('en', 'errors');
    const missing = Object.values(ERROR_CODES)
      .flatMap((entry) => [`messages.${entry.slug}.title`, `messages.${entry.slug}.message`])
      .filter((key) => !english.has(key));
    expect(missing).toEqual([]);
  });
});

describe('time zones in texts', () => {
  // Spec 1: offsets are written as GMT (GMT, GMT+1), never UTC, in every locale, labels included.
  it('no translation says UTC', () => {
    const found = Object.entries(files).flatMap(([file, tree]) =>
      [...flatten(tree)].filter(([, text]) => /\bUTC\b/.test(text)).map(([key]) => `${file}: ${key}`),
    );
    expect(found).toEqual([]);
  });
});
