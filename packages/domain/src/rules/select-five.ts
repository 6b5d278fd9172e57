import { TEAM_SIZE } from '../constants.js';
import type { ClanMember } from '../entities/clan.js';

type Candidate = Pick<ClanMember, 'tag' | 'townHallLevel'>;

export interface SelectFiveContext {
  clanThLevel: number;
  captainTag: string | null | undefined;
}

export type SelectionLock = 'captain' | 'thMismatch';

export interface SelectablePlayer<M extends Candidate> {
  member: M;
  /** False for the captain (always in) and for players whose TH differs from the clan's (never in). */
  selectable: boolean;
  lockedReason: SelectionLock | null;
}

/** Spec 5: the Select-five list with which rows can be toggled, in input order. */
export function selectablePlayers<M extends Candidate>(
  members: readonly M[],
  context: SelectFiveContext,
): SelectablePlayer<M>[] {
  return members.map((member) => {
    const lockedReason: SelectionLock | null =
      member.tag === context.captainTag
        ? 'captain'
        : member.townHallLevel !== context.clanThLevel
          ? 'thMismatch'
          : null;
    return { member, selectable: lockedReason == null, lockedReason };
  });
}

/** Spec 5: exactly 5 players on the clan's level are preselected; otherwise only the captain. */
export function defaultSelection(members: readonly Candidate[], context: SelectFiveContext): string[] {
  const matching = members.filter((member) => member.townHallLevel === context.clanThLevel);
  if (matching.length === TEAM_SIZE) return matching.map((member) => member.tag);
  const captain = members.find((member) => member.tag === context.captainTag);
  return captain ? [captain.tag] : [];
}

/** Queue entry and non-qualifier check-in need exactly 5; a monthly-qualifier check-in is always valid. */
export function isSelectionValid(
  selectedTags: readonly string[],
  options: { monthlyQualifierCheckIn?: boolean } = {},
): boolean {
  return options.monthlyQualifierCheckIn === true || new Set(selectedTags).size === TEAM_SIZE;
}

/** Ticks or unticks a player, ignoring locked rows so the captain can never be dropped. */
export function toggleSelection<M extends Candidate>(
  selectedTags: readonly string[],
  player: SelectablePlayer<M>,
): string[] {
  if (!player.selectable) return [...selectedTags];
  const { tag } = player.member;
  return selectedTags.includes(tag) ? selectedTags.filter((t) => t !== tag) : [...selectedTags, tag];
}
