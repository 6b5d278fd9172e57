import type { SocketUpdate } from '@cwh/contract';
import {
  MATCH_CHAT_EVENT,
  MATCH_SERIES_FINISHED_EVENT,
  MATCH_UP_ACCEPTED_EVENT,
  MATCH_UP_DECLINED_EVENT,
  MATCH_UP_FOUND_EVENT,
} from '@cwh/contract/constants';
import { showQueueButton } from '@cwh/domain';
import { useEffect, useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { reportError } from '../../lib/error-reporter';
import { realtimeFor } from '../../lib/realtime';
import { useLadderSegment } from '../events/ladder-segment';
import { startNextMatchPoll } from '../matches/start-war-polls';
import { getSession, useSession } from '../session/session-store';
import { fetchMatchUp, leaveQueueOnUnload } from './ladder-api';
import { matchFound } from './match-found-runtime';
import { getQueueState, updateQueue } from './queue-store';
import { loadQueueMatch, recheckQueue, watchQueue } from './queue-sync';

export { recheckQueue } from './queue-sync';

/**
 * `matches:match_up_found`: opens the modal with the server's deadline. The notice is taken while the
 * team is queued AND while this tab's join call is still in flight: newcomer matching pairs the entry
 * inside the join, so the notice can arrive before the join's response does.
 */
export async function onMatchUpFound(userId: string, id: string): Promise<void> {
  const { status, joining } = getQueueState();
  if (status !== 'inQueue' && !joining) return;
  let matchUp: Awaited<ReturnType<typeof fetchMatchUp>> = null;
  try {
    matchUp = await fetchMatchUp(userId, id);
  } catch (error) {
    void reportError(error, { ladder: 'match-up lookup' });
  }
  matchFound.open(matchUp ?? { id });
}

/**
 * The socket came back: what it missed while away is re-read by HTTP. The queue status and the
 * open match-up (so a captain still gets the accept window that opened meanwhile), and the open
 * page's loaders (match lists, standings).
 */
export function onRealtimeReconnected(
  userId: string,
  revalidate: () => unknown,
  now = () => new Date(),
): void {
  const rosterId = getQueueState().rosterId;
  if (rosterId) void recheckQueue(rosterId, userId, now);
  void revalidate();
}

/** Chat notices that change where a match stands: the open pages and the queue bar read it again. */
const STAGE_NOTICES: readonly string[] = ['war_started', 'result_recorded'];

/** What the ladder does with a socket update of the signed-in user. */
export function onLadderUpdate(userId: string, message: SocketUpdate, revalidate: () => unknown): void {
  const recheck = () => {
    const rosterId = getQueueState().rosterId;
    if (rosterId) void recheckQueue(rosterId, userId);
  };
  switch (message.event) {
    case MATCH_UP_FOUND_EVENT:
      void onMatchUpFound(userId, message.data.id);
      return;
    case MATCH_UP_ACCEPTED_EVENT: {
      matchFound.onBothAccepted(message.data.matchSeries.id);
      const rosterId = getQueueState().rosterId;
      if (rosterId) void loadQueueMatch(message.data.matchSeries.id, rosterId);
      void revalidate();
      return;
    }
    case MATCH_SERIES_FINISHED_EVENT:
      recheck();
      void revalidate();
      return;
    case MATCH_CHAT_EVENT: {
      const notice = message.data.message.attributes.notice;
      if (notice && STAGE_NOTICES.includes(notice.type)) {
        recheck();
        void revalidate();
      }
      return;
    }
    case MATCH_UP_DECLINED_EVENT: {
      const rosterNow = getQueueState().rosterId;
      matchFound.onDeclined(
        rosterNow ? message.data.requeuedRosterIds.includes(rosterNow) : undefined,
        message.data.reason,
      );
      return;
    }
  }
}

/** Mounted once (overlay host): queue button availability, realtime notices, re-checks, leave on close. */
export function useLadderController(): void {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const userId = signedIn ? session.userId : null;
  const roster = session.roster;
  const rosterId = roster?.id ?? session.middlewareRosterId ?? null;
  const ladder = useLadderSegment(session.activeEventId, session.activeSegmentId);
  const segment = ladder.status === 'ready' ? (ladder.value?.segment ?? null) : null;

  const available = useMemo(
    () =>
      signedIn &&
      rosterId != null &&
      showQueueButton({
        segment: segment ? segment.attributes : null,
        isCaptain: session.isCaptain,
        rosterLocked: roster?.locked ?? false,
        now: new Date(),
      }),
    [signedIn, rosterId, segment, session.isCaptain, roster?.locked],
  );

  useEffect(() => {
    const next = available ? rosterId : null;
    // Another team (a switch of player): what the screen knew of the previous one's entry goes.
    const other = next != null && getQueueState().rosterId !== next;
    updateQueue({ available, rosterId: next, ...(other ? { entry: null, match: null } : {}) });
  }, [available, rosterId]);

  // Realtime: one connection per signed-in user. A new or finished match series changes what the
  // open page shows (match lists, standings, the match itself): its route loaders run again.
  const token = session.scToken?.value ?? null;
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const client = realtimeFor(userId, token);
    if (!client) return;
    const stopReconnect = client.onReconnect(() => onRealtimeReconnected(client.userId, revalidate));
    const stopUpdates = client.subscribe((message) => onLadderUpdate(client.userId, message, revalidate));
    return () => {
      stopReconnect();
      stopUpdates();
    };
  }, [userId, token, revalidate]);

  // Status on arrival, whenever the tab comes back and at a short interval while waiting (the
  // queue screen never tells an entry the server has ended), while the button is shown.
  useEffect(() => {
    if (!available || !rosterId) return;
    return watchQueue(rosterId, () => getSession().userId);
  }, [available, rosterId]);

  // Spec 4: only the ladder roster owner polls the next match series; leaving the team stops it.
  const eventId = session.activeEventId;
  useEffect(() => {
    if (!available || !rosterId || !userId) return;
    return startNextMatchPoll({ userId, eventId, rosterId });
  }, [available, rosterId, userId, eventId]);

  // Closing the page while queued leaves the queue.
  useEffect(() => {
    if (!rosterId) return;
    const leave = (event: Event) => {
      // A page put in the back/forward cache may come back; it re-checks on visibility instead.
      if ((event as PageTransitionEvent).persisted) return;
      if (getQueueState().status === 'inQueue') leaveQueueOnUnload(rosterId);
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [rosterId]);
}
