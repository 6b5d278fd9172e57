import { QUEUE_ENDED_NOTICE_MS } from '../constants.js';
import type { QueueStatus } from '../entities/ladder.js';
import { rematchWaitMs } from '../ladder/rematch.js';

/** Where a match series stands for a player: one rule for the match page, its lists and the queue bar. */
export type SeriesStage = 'upcoming' | 'live' | 'finished';

/**
 * A series is finished once finished; live once its war exists (the hub created it: the chat says
 * "the war has started", and a simulated war can be played at once) or once its start time passed
 * while the server calls it live; upcoming otherwise (spec 4: the server marks a series live when
 * it creates the war in the lead time, but until then the start time is what counts).
 */
export function seriesStage(
  series: { state: string; date: string; war?: unknown },
  nowMs: number,
): SeriesStage {
  if (series.state === 'finished') return 'finished';
  if (series.state !== 'live') return 'upcoming';
  return series.war != null || Date.parse(series.date) <= nowMs ? 'live' : 'upcoming';
}

export interface QueueScreenInput {
  /** The spec's queue status of this tab. */
  status: QueueStatus;
  /** The roster's queue entry as the server last told it (contract QUEUE_ENTRY_STATUSES). */
  entry: {
    status: string;
    endedAt: number | null;
    /** Set once both sides accepted (the series exists); null while only this side accepted. */
    matchSeriesId?: string | null;
    rematch: { opponent: string | null; graceMs: number; notBefore: number | null } | null;
  } | null;
  /** The accepted match of the entry, once read. */
  match: { id: string; state: string; date: string; war?: unknown; opponent: string | null } | null;
}

export type QueueScreen =
  /** Find Match is offered; `ended` says how the last entry ended, when that is recent. */
  | { kind: 'ready'; ended: 'declined' | 'expired' | null }
  /** In the queue; `rematch` when the last opponent can only be met after a wait. */
  | {
      kind: 'waiting';
      rematch: { opponent: string | null; graceMs: number; waitMs: number } | null;
    }
  /** A match-up was found and waits for both captains. */
  | { kind: 'pending' }
  /** The match is accepted: Find Match is not offered until it is played. */
  | {
      kind: 'accepted';
      match: { id: string; stage: SeriesStage; date: string; opponent: string | null } | null;
    };

/** What the queue screen says, from the queue status, the server's entry and the accepted match. */
export function queueScreen(input: QueueScreenInput, nowMs: number): QueueScreen {
  const { status, entry, match } = input;
  if (status === 'accepted') {
    // This side accepted, the other has not yet: still a match-up to confirm, not a match.
    if (entry?.status === 'accepted' && entry.matchSeriesId === null) return { kind: 'pending' };
    const stage = match ? seriesStage(match, nowMs) : null;
    // A finished match no longer holds the bar: the next status check says none.
    if (match && stage !== 'finished')
      return {
        kind: 'accepted',
        match: { id: match.id, stage: stage!, date: match.date, opponent: match.opponent },
      };
    return { kind: 'accepted', match: null };
  }
  if (status === 'inQueue') {
    if (entry?.status === 'matched') return { kind: 'pending' };
    const rematch = entry?.status === 'waiting' ? entry.rematch : null;
    const waitMs = rematch ? rematchWaitMs(rematch.notBefore, nowMs) : 0;
    return {
      kind: 'waiting',
      rematch:
        rematch && (waitMs > 0 || rematch.notBefore == null)
          ? { opponent: rematch.opponent, graceMs: rematch.graceMs, waitMs }
          : null,
    };
  }
  const recent = entry?.endedAt != null && nowMs - entry.endedAt < QUEUE_ENDED_NOTICE_MS;
  const ended = entry?.status === 'declined' || entry?.status === 'expired' ? entry.status : null;
  return { kind: 'ready', ended: recent ? ended : null };
}
