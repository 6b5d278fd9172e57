import { CHECKIN_UPCOMING_MATCH_POLL_MS, matchCheckInAvailable, ROSTER_RELOAD_POLL_MS } from '@cwh/domain';
import type { MatchSeriesValue } from '../matches/match-series-api';
import type { OwnerPollTarget } from '../matches/start-war-polls';

/** Spec 9 window; a side without a roster yet (TBD) is no competitor. */
export function inCheckInWindow(series: MatchSeriesValue, now: number): boolean {
  const competitors = series.competitors
    .filter((competitor) => competitor.roster != null)
    .map((competitor) => ({ ...competitor, rosterId: competitor.roster?.id ?? null }));
  return matchCheckInAvailable({ state: series.state, date: series.date, competitors }, now);
}

export interface CheckInPollDeps<S> {
  fetchNext: (target: OwnerPollTarget) => Promise<MatchSeriesValue | null>;
  /** The stage segment the series is played in; null for a ladder series (no check-in there). */
  segmentOf: (series: MatchSeriesValue) => Promise<S | null>;
  show: (series: MatchSeriesValue | null, segment: S | null) => void;
  report: (error: unknown) => void;
  now: () => number;
}

/**
 * Spec 4 non-ladder poll (roster owner only): the next upcoming match (page[size]=1) every 10 s; the
 * prompt shows while it is inside its 5-minute check-in window with an opponent. Returns the stop
 * function, which hides the prompt (leaving the team stops polling).
 */
export function startCheckInPoll<S>(target: OwnerPollTarget, deps: CheckInPollDeps<S>): () => void {
  let stopped = false;
  const poll = async () => {
    try {
      const next = await deps.fetchNext(target);
      const segment = next && inCheckInWindow(next, deps.now()) ? await deps.segmentOf(next) : null;
      if (stopped) return;
      deps.show(segment ? next : null, segment);
    } catch (error) {
      deps.report(error);
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), CHECKIN_UPCOMING_MATCH_POLL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    deps.show(null, null);
  };
}

/**
 * Spec 4: after a segment check-in the roster is reloaded every 2 s until `checkedIn` is true
 * (one reload at a time; a failed reload is reported and retried). Returns the stop function.
 */
export function startRosterReload(
  rosterId: string,
  deps: {
    fetchCheckedIn: (rosterId: string) => Promise<boolean>;
    onCheckedIn: () => void;
    report: (error: unknown) => void;
  },
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const reload = async () => {
    let done = false;
    try {
      done = await deps.fetchCheckedIn(rosterId);
    } catch (error) {
      deps.report(error);
    }
    if (stopped) return;
    if (done) deps.onCheckedIn();
    else timer = setTimeout(() => void reload(), ROSTER_RELOAD_POLL_MS);
  };
  timer = setTimeout(() => void reload(), ROSTER_RELOAD_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
