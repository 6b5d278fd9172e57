import { ROSTER_CHANGES_LIMIT, TEAM_SELECTION_MESSAGES, type TeamSelectionIssue } from '@cwh/domain';
import type { ErrorCode } from '../../errors/error-codes.js';

export const ROSTER_FULL_MESSAGE = 'Roster full or max additions used';

/** The error code the clan service answers for a domain selection issue (spec 5 → spec 8). */
export function selectionIssueError(issue: TeamSelectionIssue): { code: ErrorCode; detail: string } {
  switch (issue.code) {
    case 'tooFewMembers':
      return { code: 'INCOMPLETE_ROSTER', detail: TEAM_SELECTION_MESSAGES.tooFewMembers };
    case 'noLeaderOrCoLeader':
      return { code: 'INSUFFICIENT_ROLE', detail: TEAM_SELECTION_MESSAGES.noLeaderOrCoLeader };
    case 'captainMissing':
    case 'captainNotSelected':
    case 'captainNotLeaderOrCoLeader':
      return { code: 'INSUFFICIENT_PERMISSION', detail: issue.message };
    case 'thLevelsDiffer':
      return { code: 'TH_LEVELS_MISMATCH', detail: issue.message };
    case 'wrongThLevel':
      return { code: 'INVALID_CLAN_LEVEL', detail: issue.message };
  }
}

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
