/**
 * What leaving the ladder queue does: a pure plan that the server saves with one repository call.
 * The locking (match-up before entry, retried when the entry was paired meanwhile) stays with the
 * server; this decides only what the leave changes once both rows are read under their locks.
 */

export interface LeavingEntry {
  id: string;
  /** The match-up the entry was paired into, if any. */
  matchUpId: string | null;
}

export interface LeavingMatchUp {
  id: string;
  status: string;
}

export type QueueLeavePlan =
  /** No live entry: nothing changes (a second leave, or a leave after the match series started). */
  | { kind: 'nothing' }
  /**
   * The entry waits in a match-up that still awaits confirmation: leaving declines it (the entry
   * ends as cancelled, the opponent goes back to the queue; see planMatchUpEnding).
   */
  | { kind: 'decline-match-up'; matchUpId: string }
  /** The entry is waiting, or its match-up is already settled: only the entry ends, as cancelled. */
  | { kind: 'cancel-entry'; entryId: string };

export function planQueueLeave(entry: LeavingEntry | null, matchUp: LeavingMatchUp | null): QueueLeavePlan {
  if (!entry) return { kind: 'nothing' };
  if (matchUp && matchUp.id === entry.matchUpId && matchUp.status === 'awaiting_confirmation') {
    return { kind: 'decline-match-up', matchUpId: matchUp.id };
  }
  return { kind: 'cancel-entry', entryId: entry.id };
}
