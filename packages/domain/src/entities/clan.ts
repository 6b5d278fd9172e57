export const CLAN_ROLES = ['leader', 'coLeader', 'elder', 'member'] as const;
export type ClanRole = (typeof CLAN_ROLES)[number];

/** `top` is treated like `captain`: both sort first (spec 6). */
export const ROSTER_POSITIONS = ['captain', 'top'] as const;
export type RosterPosition = (typeof ROSTER_POSITIONS)[number];

export interface Clan {
  tag: string;
  thLevel: number;
}

export interface ClanMember {
  tag: string;
  name: string;
  role: ClanRole;
  townHallLevel: number;
  userId: string | null;
  isRosterMember: boolean;
  rosterPosition: RosterPosition | null;
  /** Client-only: ticked in a selection list. */
  isSelected?: boolean;
}
