import { LOCALES } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

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

describe('translations', () => {
  it('has a file for every locale and namespace, and no other', () => {
    const expected = LOCALES.flatMap((l) => NAMESPACES.map((ns) => `./locales/${l}/${ns}.json`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    for (const ns of NAMESPACES) {
      it(`${locale}/${ns} has exactly the English keys and variables, translated`, () => {
        const english = load('en', ns);
        const translated = load(locale, ns);
        const missing = [...english.keys()].filter((k) => !translated.has(k));
        const extra = [...translated.keys()].filter((k) => !english.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });

        const problems: string[] = [];
        for (const [key, source] of english) {
          const text = translated.get(key) ?? '';
          if (text.trim() === '') problems.push(`${key}: empty`);
          if (variables(text).join() !== variables(source).join()) {
            problems.push(`${key}: variables ${variables(text)} ≠ ${variables(source)}`);
          }
          if (text === source && isSentence(source) && !SAME_AS_ENGLISH_ALLOWED.has(source)) {
            problems.push(`${key}: not translated`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
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
