import type { IsoDateTime } from './common.js';

/** External-id provider holding the clan tag of a clan roster. */
export const CLAN_TAG_PROVIDER = 'sc_coc_clan_tag';

export interface ExternalId {
  provider: string;
  value: string;
}

export interface Roster {
  id: string;
  name: string | null;
  ownerId: string;
  userIds: string[];
  segment: { id: string; parentId: string | null };
  eventId: string;
  tree: { level: number };
  createdAt: IsoDateTime;
  /** Set when the captain locked the clan roster. */
  confirmedAt: IsoDateTime | null;
  checkedIn: boolean;
  externalIds: ExternalId[];
}

export const TEAM_SIDES = ['home', 'away'] as const;
export type TeamSide = (typeof TEAM_SIDES)[number];

export const MEMBER_REGISTRATION_STATUSES = ['ready', 'notReady', 'pending', 'needsToRegister'] as const;
export type MemberRegistrationStatus = (typeof MEMBER_REGISTRATION_STATUSES)[number];

/** A team member as shown in team texts (registration state, clan membership, chat link). */
export interface TeamMember {
  tag: string;
  name: string;
  registrationStatus: MemberRegistrationStatus;
  inClan: boolean;
  isSelected: boolean;
  chatAccountConnected: boolean;
}

export interface Team {
  rosterId: string | null;
  members: TeamMember[];
  captainTag: string | null;
  locked: boolean;
  side?: TeamSide;
}
