import type { Instant } from '../entities/common.js';
import type { Segment } from '../entities/segment.js';
import { rangeContains } from '../time/instant.js';

export interface QueueButtonContext {
  segment: Pick<Segment, 'eliminationType' | 'date'> | null | undefined;
  isCaptain: boolean;
  rosterLocked: boolean;
  now: Instant;
}

/** Spec 2: a ladder segment, a captain with a locked roster, and now inside the segment's dates. */
export function showQueueButton({ segment, isCaptain, rosterLocked, now }: QueueButtonContext): boolean {
  return (
    segment?.eliminationType === 'ladder' && isCaptain && rosterLocked && rangeContains(segment.date, now)
  );
}

export interface RegistrationButtonContext {
  isRegistered: boolean;
  isLeader: boolean;
  /** isRosterMember of the player's own entry in the clan-members lookup. */
  isRosterMember: boolean;
}

/**
 * Spec 2: only while the player is not registered; non-leaders always see it, a leader only when
 * picked for the roster (a leader may run the team without playing in it).
 */
export function showRegistrationButton({
  isRegistered,
  isLeader,
  isRosterMember,
}: RegistrationButtonContext) {
  if (isRegistered) return false;
  return !isLeader || isRosterMember;
}
