import { MATCHMAKING_REMATCH_GRACE_MS } from './matchmaking.js';

/**
 * When two last opponents may be paired again (epoch ms): the matchmaking rule pairs them only once
 * BOTH entries waited longer than the rematch grace, so from the later join plus the grace (the
 * first millisecond after it). null while the opponent is not waiting: nothing to count down.
 */
export function rematchNotBefore(
  ownJoinedMs: number,
  opponentJoinedMs: number | null,
  graceMs: number = MATCHMAKING_REMATCH_GRACE_MS,
): number | null {
  if (opponentJoinedMs == null) return null;
  return Math.max(ownJoinedMs, opponentJoinedMs) + graceMs + 1;
}

/** Milliseconds left before the rematch is allowed (0 once it is, or when nothing is counted). */
export function rematchWaitMs(notBeforeMs: number | null, nowMs: number): number {
  return notBeforeMs == null ? 0 : Math.max(0, notBeforeMs - nowMs);
}
