import { ROSTER_CHANGES_LIMIT } from '@cwh/domain';

/** Why a player cannot be added: the roster is full, or this month's changes are used up. */
export const ROSTER_FULL_MESSAGE = 'Roster full or max additions used';

/** Calendar month (UTC) the roster changes limit counts in. */
export function changesPeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export function changesUsed(
  roster: { changesUsed: number; changesPeriod: string | null },
  now: Date,
): number {
  return roster.changesPeriod === changesPeriod(now) ? roster.changesUsed : 0;
}

export function allowedChanges(used: number) {
  return { used, limit: ROSTER_CHANGES_LIMIT, remaining: Math.max(0, ROSTER_CHANGES_LIMIT - used) };
}

/**
 * A selection changes the lineup when it differs from the previous one; members dropped only
 * because they left the clan before the lock count as still selected, so reselecting them is free.
 */
export function isLineupChange(previous: ReadonlySet<string>, next: ReadonlySet<string>): boolean {
  if (previous.size !== next.size) return true;
  for (const tag of next) if (!previous.has(tag)) return true;
  return false;
}
