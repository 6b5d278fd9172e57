import type { ClanMemberValue, ClanRosterValue, MemberRegistrationStatusValue } from '@cwh/contract';
import { isLeaderOrCoLeader, MIN_TEAM_MEMBERS } from '@cwh/domain';

/** Badge of a member's registration status (spec 3: ready, not ready, pending, 'Needs to register'). */
export interface StatusBadge {
  /** Key in the `teams` namespace. */
  key: `status.${MemberRegistrationStatusValue}` | 'status.notSelected';
  tone: 'ready' | 'notReady' | 'pending' | 'needsToRegister' | 'muted';
}

export function registrationBadge(status: MemberRegistrationStatusValue | null | undefined): StatusBadge {
  switch (status) {
    case 'ready':
      return { key: 'status.ready', tone: 'ready' };
    case 'notReady':
      return { key: 'status.notReady', tone: 'notReady' };
    case 'pending':
      return { key: 'status.pending', tone: 'pending' };
    case 'needsToRegister':
      return { key: 'status.needsToRegister', tone: 'needsToRegister' };
    default:
      return { key: 'status.notSelected', tone: 'muted' };
  }
}

/** Where the team stands (spec 4 team lifecycle), for the status line of My Team. */
export type TeamPhase =
  | 'notSelected'
  | 'registering'
  | 'rosterIncomplete'
  | 'readyToLock'
  | 'locked'
  | 'cannotCompete'
  | 'registrationClosed';

export function teamPhase(roster: ClanRosterValue | null, registrationClosed = false): TeamPhase {
  if (!roster) return registrationClosed ? 'registrationClosed' : 'notSelected';
  if (roster.locked) return 'locked';
  if (!roster.canCompete || roster.registrationStatus === 'after') return 'cannotCompete';
  if (roster.members.length < MIN_TEAM_MEMBERS) return 'rosterIncomplete';
  if (roster.members.every((member) => member.registrationStatus === 'ready')) return 'readyToLock';
  return 'registering';
}

export type TeamWarning = 'missingCaptain' | 'captainRoleMismatch' | 'rosterIncomplete' | 'cannotCompete';

/**
 * Spec 8 warnings: missing captain, captain role mismatch (the captain is no longer leader or
 * co-leader in the clan), roster incomplete; and the team that cannot compete this month.
 */
export function teamWarnings(
  roster: ClanRosterValue | null,
  clanMembers: readonly ClanMemberValue[],
): TeamWarning[] {
  if (!roster) return [];
  const warnings: TeamWarning[] = [];
  const captain = roster.captainTag
    ? roster.members.find((member) => member.tag === roster.captainTag)
    : undefined;
  if (!captain) warnings.push('missingCaptain');
  else {
    const live = clanMembers.find((member) => member.tag === captain.tag);
    if (!isLeaderOrCoLeader(live ?? captain)) warnings.push('captainRoleMismatch');
  }
  if (!roster.locked) {
    const incomplete =
      roster.members.length < MIN_TEAM_MEMBERS || roster.members.some((member) => !member.inClan);
    if (incomplete) warnings.push('rosterIncomplete');
    if (!roster.canCompete || roster.registrationStatus === 'after') warnings.push('cannotCompete');
  }
  return warnings;
}
