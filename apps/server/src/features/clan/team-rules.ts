import { TEAM_SELECTION_MESSAGES, type TeamSelectionIssue } from '@cwh/domain';
import type { ErrorCode } from '../../errors/error-codes.js';

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
