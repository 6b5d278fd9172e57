import type { MatchSeriesDetail } from '@cwh/contract';
import type { MatchSeriesValue } from './match-series-api';

/** Where a series sits in its stage: a ladder match, a swiss round, a bracket round or a final. */
export type SeriesPhase =
  | { key: 'ladder' }
  | { key: 'swiss' | 'upper' | 'lower'; round: number }
  | { key: 'grandFinal' | 'reset' };

type PhaseInput = Pick<MatchSeriesValue, 'roundNumber' | 'bracket' | 'group'>;

/**
 * The phase of a series from its stage's elimination type and its place in the stage (spec 3: round
 * number, bracket upper or lower, group). A double-elimination final is the grand final (round 1)
 * or its reset (round 2), as the bracket engine numbers them.
 */
export function seriesPhase(
  series: PhaseInput,
  eliminationType: NonNullable<MatchSeriesDetail['stage']>['eliminationType'],
): SeriesPhase {
  const round = series.roundNumber ?? 1;
  if (eliminationType === 'ladder') return { key: 'ladder' };
  if (eliminationType === 'swiss') return { key: 'swiss', round };
  const final =
    series.group === 'final' ||
    (series.bracket == null && series.group !== 'upper' && series.group !== 'lower');
  if (final) return { key: round >= 2 ? 'reset' : 'grandFinal' };
  return { key: series.group === 'lower' || series.bracket === 'lower' ? 'lower' : 'upper', round };
}
