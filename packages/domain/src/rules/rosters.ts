import type { Instant } from '../entities/common.js';
import type { Roster } from '../entities/roster.js';
import type { User } from '../entities/user.js';

/** Shown for a bracket or match side that has no roster yet. */
export const TBD_LABEL = 'TBD';

/** Spec 5: a roster is locked once confirmed (its confirmedAt set). */
export function isRosterLocked(roster: { confirmedAt?: Instant | null } | null | undefined): boolean {
  return roster?.confirmedAt != null && roster.confirmedAt !== '';
}

/** Its name, else the owner's first game account username; `TBD` when neither is known. */
export function rosterDisplayName(
  roster: Pick<Roster, 'name'>,
  owner?: Pick<User, 'gameAccounts'> | null,
): string {
  const name = roster.name?.trim();
  if (name) return name;
  return owner?.gameAccounts[0]?.username?.trim() || TBD_LABEL;
}

/** A match or bracket side: `TBD` when no roster is assigned yet. */
export function sideDisplayName(
  roster: Pick<Roster, 'name'> | null | undefined,
  owner?: Pick<User, 'gameAccounts'> | null,
): string {
  return roster ? rosterDisplayName(roster, owner) : TBD_LABEL;
}
