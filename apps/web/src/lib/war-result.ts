import type { Locale } from '@cwh/domain';
import { HTML_LANG } from '../i18n/locale';

/** Average destruction of a side, as the game shows it (one decimal, the locale's separator). */
export function formatDestruction(value: number, locale: Locale): string {
  return `${new Intl.NumberFormat(HTML_LANG[locale], { maximumFractionDigits: 1 }).format(value)} %`;
}

export interface WarOutcome {
  stars: { home: number | null; away: number | null };
  winner: 'home' | 'away' | 'draw' | null;
  forfeit: boolean;
}

/**
 * Why a war's result is what it is: stars decide; equal stars go to destruction; equal in both is a
 * draw. `null` while there is no result, and for a forfeit (its own label says it).
 */
export function resultReason(outcome: WarOutcome): 'stars' | 'destruction' | 'draw' | null {
  if (outcome.forfeit || outcome.winner == null) return null;
  if (outcome.winner === 'draw') return 'draw';
  return outcome.stars.home === outcome.stars.away ? 'destruction' : 'stars';
}
