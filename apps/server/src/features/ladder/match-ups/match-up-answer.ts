import type { Executor } from '../../../db/client.js';
import { DomainError } from '../../../errors/domain-error.js';
import type { Caller } from '../ladder-context.js';
import type { LadderRepository, MatchUpSideRow, RosterRow } from '../ladder-repository.js';

/** The caller's side: the side they own (a pending one first), or FORBIDDEN. */
export function callerSide(sides: MatchUpSideRow[], rosters: RosterRow[], caller: Caller): MatchUpSideRow {
  const owners = new Map(rosters.map((r) => [r.id, r.ownerId]));
  const own = sides.filter((s) => s.ownerId === caller.id || owners.get(s.rosterId) === caller.id);
  const side = own.find((s) => s.response === 'pending') ?? own[0];
  if (!side) throw new DomainError('FORBIDDEN', 'Only the captains of this match-up may answer it');
  return side;
}

/** The match-up (row locked FOR UPDATE), its sides and the caller's side, for an answer. */
export async function loadForAnswer(repo: LadderRepository, id: string, caller: Caller, tx: Executor) {
  const found = await repo.matchUpWithSides(id, tx, true);
  if (!found) throw new DomainError('NOT_FOUND', `No match-up with id ${id}`);
  const { matchUp, sides, rosters } = found;
  return { matchUp, sides, side: callerSide(sides, rosters, caller), rosters };
}
