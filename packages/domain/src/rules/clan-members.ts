import type { ClanMember, ClanRole } from '../entities/clan.js';

const ROLE_ORDER: Record<ClanRole, number> = { leader: 0, coLeader: 1, elder: 2, member: 2 };

type SortableMember = Pick<ClanMember, 'name' | 'role' | 'townHallLevel' | 'rosterPosition'> & {
  tag?: string;
};

function positionRank(member: SortableMember): number {
  return member.rosterPosition === 'captain' || member.rosterPosition === 'top' ? 0 : 1;
}

/** Spec 6: captain/top first, then leader, co-leader, elder and member alike, then TH desc, then name. */
export function compareClanMembers(a: SortableMember, b: SortableMember): number {
  return (
    positionRank(a) - positionRank(b) ||
    ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
    b.townHallLevel - a.townHallLevel ||
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
    (a.tag ?? '').localeCompare(b.tag ?? '')
  );
}

export function sortClanMembers<M extends SortableMember>(members: readonly M[]): M[] {
  return [...members].sort(compareClanMembers);
}

export function isLeaderOrCoLeader(member: Pick<ClanMember, 'role'>): boolean {
  return member.role === 'leader' || member.role === 'coLeader';
}
