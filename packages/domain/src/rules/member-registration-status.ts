import type { MemberRegistrationStatus } from '../entities/roster.js';

/** What the member registration status reads of a clan member and its team's roster. */
export interface MemberRegistrationFacts {
  /** The member has a hub user. */
  hasUser: boolean;
  /** The member registered for the team. */
  registered: boolean;
  /** The member is still in the clan. */
  inClan: boolean;
  townHallLevel: number;
  /** The roster's town hall level; null while none is chosen (any level is right then). */
  rosterThLevel: number | null;
}

/**
 * Member registration status of the design note. ready: registered, in the clan, at the roster's
 * town hall level; notReady: registered but away or on another level; pending: hub user but not
 * registered for the team; needsToRegister: no hub user.
 */
export function memberRegistrationStatus(member: MemberRegistrationFacts): MemberRegistrationStatus {
  if (!member.hasUser) return 'needsToRegister';
  if (!member.registered) return 'pending';
  const rightLevel = member.rosterThLevel === null || member.townHallLevel === member.rosterThLevel;
  return member.inClan && rightLevel ? 'ready' : 'notReady';
}
