import { MATCHUP_ACCEPT_WINDOW_MS, MATCHUP_MIN_REMAINING_MS } from '../constants.js';
import type { Instant } from '../entities/common.js';
import type { MatchUp, QueueStatus } from '../entities/ladder.js';
import { toMillis } from '../time/instant.js';

/** Result of GET /queue/{id}/status: a failed call, no record, or the record's status. */
export type LadderStatusLookup = { ok: false } | { ok: true; record: { id?: string; status: string } | null };

const FINISHED_MATCH_UP_STATUSES: readonly string[] = ['declined', 'expired', 'cancelled'];

/** Spec 4 queue-status derivation. */
export function deriveQueueStatus(lookup: LadderStatusLookup): QueueStatus {
  if (!lookup.ok || lookup.record == null) return 'none';
  const { status } = lookup.record;
  if (status === 'accepted') return 'accepted';
  return FINISHED_MATCH_UP_STATUSES.includes(status) ? 'none' : 'inQueue';
}

/** Milliseconds left to accept a match-up (may be negative). */
export function matchUpRemainingMs(matchUp: Pick<MatchUp, 'createdAt' | 'expiresAt'>, now: Instant): number {
  const deadline = matchUp.expiresAt
    ? toMillis(matchUp.expiresAt)
    : toMillis(matchUp.createdAt) + MATCHUP_ACCEPT_WINDOW_MS;
  return deadline - toMillis(now);
}

/** Spec 4: the pending match-up modal opens only while awaiting confirmation with ≥ 2 s left. */
export function shouldOpenPendingMatchup(
  matchUp: Pick<MatchUp, 'status' | 'createdAt' | 'expiresAt'> | null | undefined,
  now: Instant,
): boolean {
  if (matchUp?.status !== 'awaiting_confirmation') return false;
  return matchUpRemainingMs(matchUp, now) >= MATCHUP_MIN_REMAINING_MS;
}
