import type { MatchSeriesResource } from '@cwh/contract';
import type { ResultForm } from './stage-forms';

/**
 * The result dialog opens on what is stored (issue #31): correcting one number does not erase the
 * destruction or the forfeit the organizer did not touch. A series without a result opens blank.
 */
export function resultFormOf(series: Pick<MatchSeriesResource, 'attributes'>): ResultForm {
  const [home, away] = series.attributes.competitors;
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const homeForfeit = home?.result.forfeit === true;
  const awayForfeit = away?.result.forfeit === true;
  const forfeit: ResultForm['forfeit'] =
    homeForfeit && awayForfeit ? 'both' : homeForfeit ? 'home' : awayForfeit ? 'away' : '';
  return {
    homeStars: text(home?.result.score),
    awayStars: text(away?.result.score),
    homeDestruction: text(home?.result.destruction),
    awayDestruction: text(away?.result.destruction),
    forfeit,
    reason: '',
  };
}
