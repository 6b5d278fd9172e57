import {
  deriveQueueStatus,
  QUEUE_ACCEPTED_RECHECK_MS,
  QUEUE_RECHECK_MS,
  shouldOpenPendingMatchup,
} from '@cwh/domain';
import { reportError } from '../../lib/error-reporter';
import { fetchMatchSeries } from '../matches/match-series-api';
import { fetchFirstMatchUp, fetchQueueStatus } from './ladder-api';
import { matchFound } from './match-found-runtime';
import { getQueueState, setQueueStatus, updateQueue } from './queue-store';

/**
 * Spec 4 queue status: the ladder status lookup, then the pending match-up rule (the modal opens
 * with ≥ 2 s of the 15 s left, otherwise the status resets to none). The entry itself is kept too:
 * the queue screen says how it ended, the rematch wait, the accepted match. An answer that arrives
 * after this tab changed the queue (a join, a leave, the match found dialog) is dropped: it was read
 * before the change. `quiet` (the periodic check): a failed lookup changes nothing, where the spec's
 * checks (arrival, visibility, reconnect) reset to none.
 */
export async function recheckQueue(
  rosterId: string,
  userId: string | null,
  now = () => new Date(),
  quiet = false,
): Promise<void> {
  const { revision, busy, joining } = getQueueState();
  if (busy || joining) return;
  const lookup = await fetchQueueStatus(rosterId);
  if (getQueueState().revision !== revision) return;
  if (!lookup.ok && lookup.notFound) console.warn('[ladder] queue status: 404 for roster', rosterId);
  if (!lookup.ok && quiet) return;
  const status = deriveQueueStatus(lookup);
  const joinedAt =
    lookup.ok && lookup.record ? (lookup.joinedAt ?? getQueueState().joinedAt ?? Date.now()) : null;
  const entry = lookup.ok ? (lookup.entry ?? null) : null;
  const seriesId = status === 'accepted' ? (entry?.matchSeriesId ?? null) : null;
  const match = getQueueState().match;
  updateQueue({ status, joinedAt, entry, match: seriesId && match?.id === seriesId ? match : null });
  if (seriesId) void loadQueueMatch(seriesId, rosterId);
  if (status === 'none' || !userId || matchFound.getState().phase !== 'closed') return;
  // Only a matched entry has a match-up to answer (an older answer without the entry: look anyway).
  if (entry && entry.status !== 'matched') return;
  try {
    const pending = await fetchFirstMatchUp(userId);
    if (pending?.status !== 'awaiting_confirmation') return;
    if (shouldOpenPendingMatchup(pending, now())) matchFound.open(pending);
    else setQueueStatus('none');
  } catch (error) {
    void reportError(error, { ladder: 'pending match-up' });
  }
}

/** The accepted match the queue bar shows: its state, start and the other team's name. */
export async function loadQueueMatch(
  matchSeriesId: string,
  rosterId: string,
  fetchOne = fetchMatchSeries,
): Promise<void> {
  try {
    const series = await fetchOne(matchSeriesId);
    if (getQueueState().status !== 'accepted') return;
    const other = series.competitors.find((competitor) => competitor.roster?.id !== rosterId);
    updateQueue({
      match: {
        id: series.id,
        state: series.state,
        date: series.date,
        war: series.war,
        opponent: other?.displayName ?? null,
      },
    });
  } catch (error) {
    void reportError(error, { ladder: 'accepted match' });
  }
}

/**
 * Keeps the queue screen true while the queue button is shown: a check now, on every return to the
 * tab (focus, visibility, back online), every QUEUE_RECHECK_MS while the team waits or a match-up is
 * pending or the entry read last no longer matches the status, and every QUEUE_ACCEPTED_RECHECK_MS
 * while its accepted match is on (a missed socket notice is caught up); nothing while the page is
 * hidden. Returns the stop function.
 */
export function watchQueue(
  rosterId: string,
  userId: () => string | null,
  check: typeof recheckQueue = recheckQueue,
): () => void {
  let inFlight = false;
  let lastCheck = 0;
  const run = (quiet: boolean) => {
    if (inFlight) return;
    inFlight = true;
    lastCheck = Date.now();
    void check(rosterId, userId(), undefined, quiet).finally(() => {
      inFlight = false;
    });
  };
  run(false);
  const onReturn = () => document.visibilityState === 'visible' && run(false);
  const tick = () => {
    if (document.visibilityState === 'hidden') return;
    const { status, entry } = getQueueState();
    // This tab changed the status (the dialog's decline or timeout, a leave): the entry the screen
    // tells about is read again, once.
    const stale = entry != null && deriveQueueStatus({ ok: true, record: entry }) !== status;
    const every =
      status === 'inQueue' || stale
        ? QUEUE_RECHECK_MS
        : status === 'accepted'
          ? QUEUE_ACCEPTED_RECHECK_MS
          : 0;
    if (every > 0 && Date.now() - lastCheck >= every - 50) run(true);
  };
  const timer = setInterval(tick, QUEUE_RECHECK_MS);
  document.addEventListener('visibilitychange', onReturn);
  window.addEventListener('focus', onReturn);
  window.addEventListener('online', onReturn);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onReturn);
    window.removeEventListener('focus', onReturn);
    window.removeEventListener('online', onReturn);
  };
}
