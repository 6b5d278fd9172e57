import type { Roster } from '../entities/roster.js';
import type { User } from '../entities/user.js';
import { toMillis } from '../time/instant.js';

/** Shown for a bracket or match side that has no roster yet. */
export const TBD_LABEL = 'TBD';

/** Spec 4: highest tree.level first, then newest createdAt. Returns a new array. */
export function sortRosters<R extends Pick<Roster, 'tree' | 'createdAt'>>(rosters: readonly R[]): R[] {
  return [...rosters].sort(
    (a, b) => b.tree.level - a.tree.level || toMillis(b.createdAt) - toMillis(a.createdAt),
  );
}

export function latestRoster<R extends Pick<Roster, 'tree' | 'createdAt'>>(
  rosters: readonly R[],
): R | undefined {
  return sortRosters(rosters)[0];
}

export function isRosterLocked(roster: Pick<Roster, 'confirmedAt'> | null | undefined): boolean {
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
