import { MIN_TEAM_MEMBERS } from '../constants.js';
import type { TeamMember } from '../entities/roster.js';

export type LockRosterBlocker =
  | 'tooFewMembers'
  | 'memberNotInClan'
  | 'memberNotSelected'
  | 'memberNotRegistered'
  | 'captainMissing';

type LockableMember = Pick<TeamMember, 'inClan' | 'isSelected' | 'registrationStatus'>;

/** Spec 5: everything that keeps the captain from locking; empty when the team can be locked. */
export function lockRosterBlockers(
  members: readonly LockableMember[],
  captainTag: string | null | undefined,
): LockRosterBlocker[] {
  const blockers: LockRosterBlocker[] = [];
  if (members.length < MIN_TEAM_MEMBERS) blockers.push('tooFewMembers');
  if (members.some((member) => !member.inClan)) blockers.push('memberNotInClan');
  if (members.some((member) => !member.isSelected)) blockers.push('memberNotSelected');
  if (members.some((member) => member.registrationStatus !== 'ready')) blockers.push('memberNotRegistered');
  if (!captainTag) blockers.push('captainMissing');
  return blockers;
}
