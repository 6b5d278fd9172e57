import { isUpcomingState, LADDER_NEXT_MATCH_POLL_MS, START_WAR_POLL_MS } from '@cwh/domain';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporter';
import { fetchMatchSeries, fetchNextUpcoming, type MatchSeriesValue } from './match-series-api';
import { getStartWar, showStartWar } from './start-war-store';

export interface OwnerPollTarget {
  userId: string;
  eventId: string | null;
  rosterId: string;
}

/**
 * Spec 4 ladder poll (roster owner only): the next upcoming match series every 60 s; the start-war
 * modal shows while its date is in the future and its war is not created yet, otherwise it hides.
 * Returns the stop function.
 */
export function startNextMatchPoll(
  target: OwnerPollTarget,
  deps: { fetchNext?: typeof fetchNextUpcoming; now?: () => number } = {},
): () => void {
  const fetchNext = deps.fetchNext ?? fetchNextUpcoming;
  const now = deps.now ?? Date.now;
  let stopped = false;
  const poll = async () => {
    try {
      const next = await fetchNext({
        userId: target.userId,
        eventId: target.eventId,
        rosterId: target.rosterId,
      });
      if (stopped) return;
      // Once its war is created (either captain started it), the dialog has nothing left to do: it
      // would cover the game's war screen and the hub until the series' start time.
      showStartWar(next && next.war == null && Date.parse(next.date) > now() ? next : null);
    } catch (error) {
      void reportError(error, { matches: 'next match poll' });
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), LADDER_NEXT_MATCH_POLL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    showStartWar(null);
  };
}

/** One check of the open modal's series: closes when it is no longer upcoming, has its war, or answers 404. */
export async function checkOpenSeries(
  id: string,
  fetchOne: (id: string) => Promise<MatchSeriesValue> = fetchMatchSeries,
): Promise<void> {
  try {
    const series = await fetchOne(id);
    if (getStartWar().series?.id !== id) return;
    showStartWar(isUpcomingState(series.state) && series.war == null ? series : null);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      if (getStartWar().series?.id === id) showStartWar(null);
      return;
    }
    void reportError(error, { matches: 'start-war poll' });
  }
}

/** Spec 4: the open start-war modal is polled every 10 s. */
export function startOpenSeriesPoll(
  id: string,
  fetchOne?: (id: string) => Promise<MatchSeriesValue>,
): () => void {
  const timer = setInterval(() => void checkOpenSeries(id, fetchOne), START_WAR_POLL_MS);
  return () => clearInterval(timer);
}
