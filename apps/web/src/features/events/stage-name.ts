import type { EventResource, NameTranslations, SegmentResource } from '@cwh/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The stage names the spec fixes (section 1), by their English text: an organizer's segment named
 * one of them is shown in the page's language (key of the `stages` namespace); any other name is
 * the organizer's own and shown as written.
 */
export const KNOWN_STAGE_NAMES: Readonly<Record<string, string>> = {
  'open qualifier': 'openQualifier',
  'monthly qualifier': 'monthlyQualifier',
  'monthly finals': 'monthlyFinals',
  'stage 4': 'stage4',
  'stage 5': 'stage5',
  'championship finals': 'championshipFinals',
  'last chance qualifier': 'lastChanceQualifier',
  'china qualifier': 'chinaQualifier',
  'china winner': 'chinaWinner',
  'lcq winner': 'lcqWinner',
  'community tournament': 'communityTournament',
  'chinese regional qualifier': 'chineseRegionalQualifier',
  // Town hall cup stages.
  ladder: 'ladder',
  finals: 'finals',
};

/** The known name of each stage code, so a code can be named when the segment has no known name. */
export const STAGE_CODE_NAMES: Readonly<Record<string, string>> = {
  OL: 'openQualifier',
  MQ: 'monthlyQualifier',
  MF: 'monthlyFinals',
  CF: 'championshipFinals',
  LCQ: 'lastChanceQualifier',
  CQ: 'chinaQualifier',
  CT: 'communityTournament',
  LADDER: 'ladder',
  FINALS: 'finals',
};

/**
 * Event and level-0 segment names the hub's seasons use, as patterns with their variable part
 * (a year or a town hall level): translated with it, e.g. "Town Hall Cup TH9" → "Coupe HDV 9".
 */
const NAME_PATTERNS: readonly { pattern: RegExp; key: string; variable: 'year' | 'level' }[] = [
  { pattern: /^clash of clans championship (\d{4})$/i, key: 'events.championship', variable: 'year' },
  {
    pattern: /^clash of clans world championship (\d{4})$/i,
    key: 'events.worldChampionship',
    variable: 'year',
  },
  { pattern: /^(?:(\d{4}) )?world finals$/i, key: 'events.worldFinals', variable: 'year' },
  { pattern: /^world finals (\d{4})$/i, key: 'events.worldFinals', variable: 'year' },
  { pattern: /^town hall cup (\d{4})$/i, key: 'events.townHallCup', variable: 'year' },
  { pattern: /^town hall cup th ?(\d{1,2})$/i, key: 'events.townHallCupLevel', variable: 'level' },
  { pattern: /^championship th ?(\d{1,2})$/i, key: 'events.championshipLevel', variable: 'level' },
];

/** An event's or stage's name in the page's language when the hub knows it, else as written. */
export function localizedName(name: string, t: TFunction<'stages'>): string {
  const known = KNOWN_STAGE_NAMES[name.trim().toLowerCase()];
  if (known) return t(`names.${known}`, { defaultValue: name });
  for (const { pattern, key, variable } of NAME_PATTERNS) {
    const match = pattern.exec(name.trim());
    if (!match) continue;
    if (variable === 'year' && !match[1]) return t(`${key}NoYear`, { defaultValue: name });
    return t(key, { [variable]: match[1], defaultValue: name });
  }
  return name;
}

/** What a named event or segment carries: its default (English) name and the organizer's others. */
type Named = { attributes: { name: string; nameTranslations?: NameTranslations | undefined } };

/**
 * The name to show in `language`: the organizer's own name for that locale when set, then the
 * hub's translation of a known name, then the default name as written.
 */
export function displayName(named: Named, language: string, t: TFunction<'stages'>): string {
  const own = named.attributes.nameTranslations?.[language as keyof NameTranslations]?.trim();
  return own || localizedName(named.attributes.name, t);
}

/** A stage's name in the page's language: the organizer's, the spec's stage translated, or its own name. */
export function useStageName(): (segment: SegmentResource | Named) => string {
  const { t, i18n } = useTranslation('stages');
  return (segment) => displayName(segment, i18n.language, t);
}

/** An event's name in the page's language: the organizer's, a known pattern translated, or as written. */
export function useEventName(): (event: EventResource | Named) => string {
  const { t, i18n } = useTranslation('stages');
  return (event) => displayName(event, i18n.language, t);
}

/** A stage code's known name in the page's language (the MQ badge and the name agree). */
export function stageCodeName(code: string, t: TFunction<'stages'>): string {
  const key = STAGE_CODE_NAMES[code];
  return key ? t(`names.${key}`) : code;
}
