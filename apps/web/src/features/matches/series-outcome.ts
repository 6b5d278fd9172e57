import { seriesStage } from '@cwh/domain';
import type { WarOutcome } from '../../lib/war-result';
import { type MatchSeriesValue, starsOf } from './match-series-api';

export interface SeriesOutcome extends WarOutcome {
  destruction: { home: number; away: number } | null;
}

/**
 * A series' result for display: stars and destruction per side, the winner (a draw when both sides
 * hold placement 1, so neither is coloured as the winner), and whether a forfeit decided it.
 */
export function seriesOutcome(series: MatchSeriesValue): SeriesOutcome {
  const [home, away] = series.competitors;
  const finished = series.state === 'finished';
  const draw = finished && home?.placement === 1 && away?.placement === 1;
  const winner = !finished
    ? null
    : draw
      ? 'draw'
      : home?.placement === 1
        ? 'home'
        : away?.placement === 1
          ? 'away'
          : null;
  const homeDestruction = home?.result.destruction;
  const awayDestruction = away?.result.destruction;
  return {
    stars: {
      home: home ? starsOf(series, home.id) : null,
      away: away ? starsOf(series, away.id) : null,
    },
    destruction:
      homeDestruction != null && awayDestruction != null
        ? { home: homeDestruction, away: awayDestruction }
        : null,
    winner,
    forfeit: Boolean(home?.result.forfeit || away?.result.forfeit),
  };
}

export type ShownState = MatchSeriesValue['state'];

/**
 * The state a player is shown (spec 4): a series is upcoming until its start time, even though the
 * server calls it live from the moment the hub created its war in the lead time, unless that war
 * exists: then the war has started (the match chat says so, a simulated war can be played at once)
 * and the series is live. One rule with the queue bar (domain seriesStage).
 */
export function shownState(
  series: Pick<MatchSeriesValue, 'state' | 'date'> & { war?: MatchSeriesValue['war'] },
  now: number = Date.now(),
): ShownState {
  return series.state === 'live' && seriesStage(series, now) === 'upcoming' ? 'upcoming' : series.state;
}

/** The badge colour of a shown state: finished, live, or upcoming for every state before the start. */
export function stateBadge(state: ShownState): 'finished' | 'live' | 'upcoming' {
  return state === 'finished' ? 'finished' : state === 'live' ? 'live' : 'upcoming';
}
