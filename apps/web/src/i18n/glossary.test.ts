import { LOCALES, type Locale } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import glossary from './glossary.json';
import { NAMESPACES } from './i18n';

type Tree = { [key: string]: string | Tree };
type Texts = Map<string, string>;
type Translated = Exclude<Locale, 'en'>;

interface GlossaryEntry {
  term: string;
  forms: string[];
  note?: string;
}

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const ENGLISH: Record<string, string[]> = glossary.en;
const TERMS = Object.keys(ENGLISH);
const TRANSLATED = LOCALES.filter((l): l is Translated => l !== 'en');

function entry(locale: Translated, term: string): GlossaryEntry {
  const found = (glossary as unknown as Record<string, Record<string, GlossaryEntry>>)[locale]?.[term];
  if (!found) throw new Error(`glossary.json has no ${locale} entry for "${term}"`);
  return found;
}

function flatten(tree: Tree, prefix = ''): Texts {
  const out: Texts = new Map();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Every text of a locale as `namespace:key`. */
function texts(locale: Locale): Texts {
  const out: Texts = new Map();
  for (const ns of NAMESPACES) {
    const tree = files[`./locales/${locale}/${ns}.json`];
    if (!tree) throw new Error(`missing locales/${locale}/${ns}.json`);
    for (const [key, text] of flatten(tree)) out.set(`${ns}:${key}`, text);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The English text a translated key renders: the same key, or for a plural form English lacks (`_many`), `_other`. */
const englishFor = (english: Texts, key: string) =>
  english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));

/** Interpolations (`{{matches}}`) are names, not words of the text. */
const words = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English term as a whole word, any case: "Lock Team", "locked", not "unlocked" or "blockers". */
function englishPattern(term: string): RegExp {
  const forms = ENGLISH[term] ?? [];
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** German builds compounds: the term may sit inside a word (« Weltmeisterschaft », « Kaderänderungen »). */
const COMPOUNDING: ReadonlySet<Locale> = new Set(['de']);

/**
 * A glossary form: in Latin script it starts a word ("inscri" finds « inscrivez », not « prescrit »),
 * except in a compounding language; in CJK it may appear anywhere.
 */
function formPattern(form: string, locale: Locale): RegExp {
  const startsWord = /^\p{Script=Latin}/u.test(form) && !COMPOUNDING.has(locale);
  return new RegExp(`${startsWord ? '(?<!\\p{L})' : ''}${escapeRegExp(form)}`, 'iu');
}

const uses = (text: string, forms: string[], locale: Locale) =>
  forms.some((form) => formPattern(form, locale).test(words(text)));

/**
 * Texts where the English word is there but the glossary translation is rightly not: each with its reason.
 * Prefer adding an inflected form to glossary.json over adding an exception here.
 */
export const GLOSSARY_EXCEPTIONS: { key: string; term: string; locales?: Translated[]; reason: string }[] = [
  {
    key: 'session:verify.errors.invalid',
    term: 'match',
    reason: '"do not match" is the verb (to agree), not a game',
  },
  {
    key: 'officialwar:warLog.confirmed',
    term: 'match',
    reason: '"the result matches the war log" is the verb (to agree), not a game',
  },
  {
    key: 'errors:messages.clanThMismatch.message',
    term: 'match',
    reason: '"does not match your clan\'s level" is the verb (to agree), not a game',
  },
  {
    key: 'pickban:*',
    term: 'ban',
    reason:
      'pick and ban: a captain bans an item from the veto (esports « bannir », « bannen », バン, 밴, 禁用), not a player barred from the championship',
  },
  {
    key: 'adminpickban:*',
    term: 'ban',
    reason:
      'the organizer sets up the pick and ban (a captain bans an item from the veto), not a player barred from the championship',
  },
];

/** An exception's key names one text, or a whole namespace with `namespace:*`. */
const keyMatches = (pattern: string, key: string) =>
  pattern.endsWith(':*') ? key.startsWith(pattern.slice(0, -1)) : pattern === key;

const excepted = (locale: Translated, key: string, term: string) =>
  GLOSSARY_EXCEPTIONS.some(
    (e) => keyMatches(e.key, key) && e.term === term && (!e.locales || e.locales.includes(locale)),
  );

/** Texts whose English has the term but whose translation does not use the glossary's word. */
export function glossaryProblems(
  locale: Translated,
  term: string,
  english: Texts,
  translated: Texts,
): string[] {
  const { term: chosen, forms } = entry(locale, term);
  const pattern = englishPattern(term);
  const problems: string[] = [];
  for (const [key, text] of translated) {
    const source = englishFor(english, key);
    if (!source || !pattern.test(words(source)) || excepted(locale, key, term)) continue;
    if (!uses(text, forms, locale))
      problems.push(`${key}: "${source}" → "${text}" does not say « ${chosen} »`);
  }
  return problems;
}

const english = texts('en');

describe('glossary.json', () => {
  it('has the chosen translation of every term for every locale, found by its own forms', () => {
    const gaps: string[] = [];
    for (const locale of TRANSLATED) {
      for (const term of TERMS) {
        const { term: chosen, forms } = entry(locale, term);
        if (forms.length === 0) gaps.push(`${locale} ${term}: no forms`);
        if (!chosen.split(/,\s*/).some((word) => uses(word, forms, locale))) {
          gaps.push(`${locale} ${term}: « ${chosen} » is not matched by its forms ${forms.join(', ')}`);
        }
      }
    }
    expect(gaps).toEqual([]);
  });

  it('lists only exceptions that still apply', () => {
    const stale = GLOSSARY_EXCEPTIONS.filter(({ key, term }) => {
      const sources = [...english].filter(([k]) => keyMatches(key, k)).map(([, text]) => text);
      return !sources.some((source) => englishPattern(term).test(words(source)));
    });
    expect(stale).toEqual([]);
  });

  it('fails when a translation uses another word than the glossary', () => {
    const en: Texts = new Map([
      ['ladder:queue.leave', 'Leave Queue'],
      ['teams:actions.lockTeam', 'Lock Team'],
      ['teams:badges.locked', 'Locked'],
      ['matches:tabs.leaderboard', 'Leaderboard'],
    ]);
    const fr: Texts = new Map([
      ['ladder:queue.leave', 'Quitter la queue'],
      ['teams:actions.lockTeam', 'Verrouiller l’équipe'],
      ['teams:badges.locked', 'Bloquée'],
      ['matches:tabs.leaderboard', 'Classement'],
    ]);
    expect(glossaryProblems('fr', 'queue', en, fr)).toHaveLength(1);
    expect(glossaryProblems('fr', 'lock', en, fr)).toEqual([
      'teams:badges.locked: "Locked" → "Bloquée" does not say « verrouiller »',
    ]);
    expect(glossaryProblems('fr', 'leaderboard', en, fr)).toEqual([]);
    const jp: Texts = new Map([['ladder:queue.leave', 'キューから抜ける']]);
    expect(glossaryProblems('jp', 'queue', en, jp)).toHaveLength(1);
  });
});

describe('translations follow the glossary', () => {
  for (const locale of TRANSLATED) {
    const translated = texts(locale);
    for (const term of TERMS) {
      it(`${locale}: "${term}" is « ${entry(locale, term).term} »`, () => {
        expect(glossaryProblems(locale, term, english, translated)).toEqual([]);
      });
    }

    it(`${locale}: the ladder and the leaderboard are different screens, never the same word`, () => {
      const ladder = englishPattern('ladder');
      const leaderboard = englishPattern('leaderboard');
      const mixed: string[] = [];
      for (const [key, text] of translated) {
        const source = words(englishFor(english, key) ?? '');
        if (
          ladder.test(source) &&
          !leaderboard.test(source) &&
          uses(text, entry(locale, 'leaderboard').forms, locale)
        ) {
          mixed.push(`${key}: the ladder is called the leaderboard in "${text}"`);
        }
        if (
          leaderboard.test(source) &&
          !ladder.test(source) &&
          uses(text, entry(locale, 'ladder').forms, locale)
        ) {
          mixed.push(`${key}: the leaderboard is called the ladder in "${text}"`);
        }
      }
      expect(mixed).toEqual([]);
    });
  }
});

/**
 * One way of addressing the player per locale. Each pattern finds the other way; a text matching it
 * breaks the choice. (Pronouns and unambiguous verb forms only: a form that is also the third person
 * cannot be told apart by a pattern.)
 */
const FORM_OF_ADDRESS: Record<Translated, { choice: string; other: RegExp; why: string }[]> = {
  fr: [
    {
      choice: 'vous',
      other: /(?<!\p{L})(?:tu|toi|ton|ta|tes|te)(?!\p{L})|(?<!\p{L})t['’](?=\p{L})/iu,
      why: 'tutoiement pronoun',
    },
    {
      choice: 'vous',
      other:
        /(?<!\p{L})(?:réessaie|choisis|attends|reviens|rejoins|saisis|promeus|inscris|connecte-toi)(?!\p{L})/iu,
      why: 'tutoiement imperative',
    },
  ],
  de: [
    {
      choice: 'du',
      other: /(?<!\p{L})(?:Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)(?!\p{L})/u,
      why: 'Sie form',
    },
  ],
  it: [
    { choice: 'tu', other: /(?<!\p{L})(?:Lei|Suo|Sua|Suoi|Sue)(?!\p{L})/u, why: 'formal Lei' },
    {
      choice: 'tu',
      other: /(?<!\p{L})(?:riprovi|verifichi|scelga|attenda|inserisca|selezioni|si assicuri)(?!\p{L})/iu,
      why: 'formal imperative',
    },
  ],
  es: [
    { choice: 'tú', other: /(?<!\p{L})(?:usted|ustedes)(?!\p{L})/iu, why: 'usted' },
    {
      choice: 'tú',
      other:
        /(?<!\p{L})(?:inténtelo|vuelva|elija|introduzca|compruebe|espere|seleccione|asegúrese|contacte|revise)(?!\p{L})/iu,
      why: 'usted imperative',
    },
  ],
  pt: [
    {
      choice: 'você (Brazilian Portuguese)',
      other:
        /(?<!\p{L})(?:tu|teu|tua|teus|tuas|ti|contigo|tens|estás|és|podes|queres|usaste|jogaste)(?!\p{L})/iu,
      why: 'European tu form',
    },
    { choice: 'você (Brazilian Portuguese)', other: /\p{L}-te(?!\p{L})/iu, why: 'European enclitic -te' },
    {
      choice: 'você (Brazilian Portuguese)',
      other:
        /(?<!\p{L})(?:equipa|equipas|ecrã|registo|registos|utilizador|utilizadores|separador|ligação|contactar|contacta|contacte|sítio|telemóvel|partilha|partilhar|prémio|prémios|taça|digitalizar|consola|a carregar|a decorrer|descarregar)(?!\p{L})/iu,
      why: 'European Portuguese word',
    },
  ],
  jp: [
    {
      choice: 'です/ます',
      other: /(?:しよう|そう|ろう|こう|ごう|とう|おう|よう|だ|である)(?:[。！!]|$)|待って[！!]/u,
      why: 'plain form',
    },
  ],
  ko: [
    {
      choice: '합니다/하세요',
      other: /(?:해요|에요|예요|어요|아요|죠|네요)(?:[.!?]|$)/u,
      why: '해요 declarative',
    },
  ],
  zh_TW: [{ choice: '你', other: /您/u, why: 'formal 您' }],
};

describe('one form of address per locale', () => {
  for (const locale of TRANSLATED) {
    const choice = FORM_OF_ADDRESS[locale][0]?.choice;
    it(`${locale} addresses the player as ${choice}`, () => {
      const found: string[] = [];
      for (const [key, text] of texts(locale)) {
        for (const { other, why } of FORM_OF_ADDRESS[locale]) {
          const match = other.exec(words(text));
          if (match) found.push(`${key}: ${why} « ${match[0]} » in "${text}"`);
        }
      }
      expect(found).toEqual([]);
    });
  }
});
