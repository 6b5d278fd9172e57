import type { PlayerFiguresValue, TeamRecordValue, WarSummary } from '@cwh/contract';
import type { Locale } from '@cwh/domain';
import { HTML_LANG } from '../../i18n/locale';

/** A rate (0–1) as a percentage in the page's language; a dash before the first attack. */
export function formatRate(value: number | null, locale: Locale): string {
  if (value === null) return '–';
  return new Intl.NumberFormat(HTML_LANG[locale], { style: 'percent', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** A plain number (stars per attack, destruction) with up to two decimals; a dash when unknown. */
export function formatNumber(value: number | null, locale: Locale, digits = 2): string {
  if (value === null) return '–';
  return new Intl.NumberFormat(HTML_LANG[locale], { maximumFractionDigits: digits }).format(value);
}

/** A team's record the way the standings write it: W-L, or W-L-D once it drew. */
export function recordText(record: Pick<TeamRecordValue, 'wins' | 'losses' | 'draws'>): string {
  return record.draws > 0
    ? `${record.wins}-${record.losses}-${record.draws}`
    : `${record.wins}-${record.losses}`;
}

/** The figures a player card lists, in order (key for the label, value already formatted). */
export function figureRows(figures: PlayerFiguresValue, locale: Locale): { key: string; value: string }[] {
  return [
    { key: 'wars', value: String(figures.wars) },
    { key: 'attacks', value: String(figures.attacks) },
    { key: 'starsPerAttack', value: formatNumber(figures.starsPerAttack, locale) },
    {
      key: 'averageDestruction',
      value:
        figures.averageDestruction === null
          ? '–'
          : `${formatNumber(figures.averageDestruction, locale, 1)} %`,
    },
    { key: 'threeStarRate', value: formatRate(figures.threeStarRate, locale) },
  ];
}

/** Which side of a war a roster played, and how it ended for it. */
export function outcomeFor(war: WarSummary, rosterId: string): 'win' | 'loss' | 'draw' {
  const side = war.home.rosterId === rosterId ? 'home' : 'away';
  if (war.winner === 'draw') return 'draw';
  return war.winner === side ? 'win' : 'loss';
}
