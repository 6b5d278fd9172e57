import type { SegmentResource } from '@cwh/contract';
import { MATCH_CHECK_IN_MISSED_EVENT, MATCH_SERIES_FINISHED_EVENT } from '@cwh/contract/constants';
import { useEffect, useMemo } from 'react';
import { reportError } from '../../lib/error-reporter';
import { realtimeFor } from '../../lib/realtime';
import { useNow } from '../../lib/ticker';
import { type LadderSegment, useLadderSegment } from '../events/ladder-segment';
import { fetchMatchSeries, fetchNextUpcoming, type MatchSeriesValue } from '../matches/match-series-api';
import { updateSession, useSession } from '../session/session-store';
import { fetchRosterCheckedIn } from './checkin-api';
import { startCheckInPoll } from './checkin-polls';
import { missedCheckIns, promptMode, tournamentCheckInSegment } from './checkin-rules';
import {
  addMissedNotice,
  type CheckInSegment,
  showCheckInPrompt,
  updateCheckIns,
  useCheckIns,
} from './checkin-store';
import { stopSegmentCheckIn } from './segment-checkin-flow';

const toCheckInSegment = (segment: SegmentResource): CheckInSegment => ({
  id: segment.id,
  name: segment.attributes.name,
  mode: promptMode(segment.attributes),
});

const childrenOf = (ladder: LadderSegment | null) =>
  ladder?.stage ? ladder.all.filter((s) => s.relationships?.parent.data?.id === ladder.stage?.id) : [];

/** The stage segment of a series; null for a ladder series (check-in is for the other stages). */
export function seriesSegment(
  all: readonly SegmentResource[],
  series: MatchSeriesValue,
): CheckInSegment | null {
  const segment = all.find((candidate) => candidate.id === series.segment.id);
  if (!segment || segment.attributes.eliminationType === 'ladder') return null;
  return toCheckInSegment(segment);
}

/**
 * `matches:check_in_missed` (spec 8 missed-check-in notice): `own` says whether this captain's team
 * missed; a double forfeit means both sides did. Read defensively (the payload is not parsed on the
 * first load); without `own` the finished series' forfeits (FFL/FFW) tell.
 */
export async function onMissedNotice(
  data: unknown,
  rosterId: string,
  fetchSeries: (id: string) => Promise<MatchSeriesValue> = fetchMatchSeries,
): Promise<void> {
  const payload = (data ?? {}) as { matchSeries?: { id?: unknown }; own?: unknown; forfeit?: unknown };
  const seriesId = typeof payload.matchSeries?.id === 'string' ? payload.matchSeries.id : null;
  if (!seriesId) return;
  if (typeof payload.own === 'boolean') {
    const both = payload.forfeit === 'both';
    if (payload.own || both) addMissedNotice({ seriesId, by: 'own' });
    if (!payload.own || both) addMissedNotice({ seriesId, by: 'opponent' });
    return;
  }
  await onSeriesFinished(seriesId, rosterId, [], fetchSeries);
}

/** A finished stage series with a forfeit side (FFL/FFW) shows who missed the check-in. */
export async function onSeriesFinished(
  seriesId: string,
  rosterId: string,
  all: readonly SegmentResource[],
  fetchSeries: (id: string) => Promise<MatchSeriesValue> = fetchMatchSeries,
): Promise<void> {
  const series = await fetchSeries(seriesId);
  if (all.length > 0 && !seriesSegment(all, series)) return;
  for (const by of missedCheckIns(series, rosterId)) addMissedNotice({ seriesId, by });
}

/**
 * Mounted once beside every page (overlay host): which segment the captain may check in to, the
 * roster's checked-in flag, the 10 s upcoming-match poll of non-ladder stages (roster owner only;
 * leaving the team stops it) and the missed check-in notices from the socket.
 */
export function useCheckInController(): void {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const userId = signedIn ? session.userId : null;
  const roster = session.roster;
  const rosterId = roster?.id ?? session.middlewareRosterId ?? null;
  const captain = Boolean(signedIn && session.isCaptain && roster?.locked && rosterId && userId);
  const ladder = useLadderSegment(session.activeEventId, session.activeSegmentId);
  const value = ladder.status === 'ready' ? ladder.value : null;
  const now = useNow(60_000);

  const tournament = useMemo(() => {
    const segment = tournamentCheckInSegment(childrenOf(value), now);
    return segment ? toCheckInSegment(segment) : null;
  }, [value, now]);

  useEffect(() => {
    updateCheckIns({ tournamentSegment: captain ? tournament : null });
  }, [captain, tournament]);

  // The roster's checked-in flag (GET /rosters/{id}), read for any member of a locked roster.
  const lockedRoster = Boolean(signedIn && roster?.locked && rosterId);
  useEffect(() => {
    if (!lockedRoster || !rosterId) {
      updateCheckIns({ checkedIn: null });
      return;
    }
    let live = true;
    fetchRosterCheckedIn(rosterId).then(
      (checkedIn) => {
        if (!live) return;
        updateCheckIns({ checkedIn });
        updateSession({ isCheckedIn: checkedIn });
      },
      (error) => void reportError(error, { checkins: 'roster checked-in flag' }),
    );
    return () => {
      live = false;
    };
  }, [lockedRoster, rosterId]);

  // Spec 4: the roster owner of a non-ladder stage (or a roster checked in to one) polls every 10 s.
  const { checkedIn } = useCheckIns();
  const nonLadder = value ? value.segment.attributes.eliminationType !== 'ladder' : false;
  const polls = captain && (nonLadder || checkedIn === true);
  const eventId = session.activeEventId;
  useEffect(() => {
    if (!polls || !rosterId || !userId || !value) return;
    const all = value.all;
    return startCheckInPoll<CheckInSegment>(
      { userId, eventId, rosterId },
      {
        fetchNext: fetchNextUpcoming,
        segmentOf: async (series) => seriesSegment(all, series),
        show: showCheckInPrompt,
        report: (error) => void reportError(error, { checkins: 'upcoming match poll' }),
        now: () => Date.now(),
      },
    );
  }, [polls, rosterId, userId, eventId, value]);

  // Leaving the team (or signing out) ends a running segment check-in.
  useEffect(() => {
    if (!captain) stopSegmentCheckIn();
  }, [captain]);

  const token = session.scToken?.value ?? null;
  useEffect(() => {
    if (!rosterId) return;
    const client = realtimeFor(userId, token);
    if (!client) return;
    const all = value?.all ?? [];
    return client.subscribe((message) => {
      const report = (error: unknown) => void reportError(error, { checkins: 'missed notice' });
      if (message.event === MATCH_CHECK_IN_MISSED_EVENT)
        void onMissedNotice(message.data, rosterId).catch(report);
      else if (message.event === MATCH_SERIES_FINISHED_EVENT && all.length > 0)
        void onSeriesFinished(message.data.matchSeries.id, rosterId, all).catch(report);
    });
  }, [userId, token, rosterId, value]);
}
