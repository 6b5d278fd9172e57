import { isRosterLocked } from '@cwh/domain';
import type { Db, Executor } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import type { GamePlayer } from '../../game/index.js';
import { notifyTeamInvitations } from '../notices/team-notices.js';
import type { RosterEnlistment } from './roster-enlistment.js';
import type { RosterInvitationRepository, RosterInvitationRow } from './roster-invitation-repository.js';
import type { NewRoster, RosterRepository, RosterRow } from './roster-repository.js';

/**
 * The platform rosters' writes, one small named function per operation, each one unit of work
 * (db/unit-of-work.ts): the routes check who may call and shape the answer; they open no
 * transaction. Every write locks the roster first (the order every roster write uses).
 */
export interface RosterMembershipDeps {
  db: Db;
  now: () => Date;
  rosters: RosterRepository;
  invitations: RosterInvitationRepository;
  enlistment: RosterEnlistment;
}

const locked = () =>
  new DomainError('ROSTER_LOCKED', 'The roster is locked; its lineup can no longer change');
const noInvitation = () => new DomainError('NOT_FOUND', 'No open invitation with this id for you');

/** A new roster: a second live roster of the clan in the segment is a CONFLICT, a full segment SEGMENT_FULL. */
export function createRoster(deps: RosterMembershipDeps, roster: NewRoster): Promise<RosterRow> {
  return runInUnitOfWork(deps, SYSTEM_ACTOR, (tx) => deps.rosters.insertWithinLimit(roster, tx));
}

/** A player joins with the roster's joining key, before the lock. */
export function joinWithKey(
  deps: RosterMembershipDeps,
  tenant: string,
  rosterId: string,
  player: GamePlayer,
): Promise<RosterRow> {
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    const row = await deps.rosters.lockById(tenant, rosterId, tx);
    if (isRosterLocked(row)) throw locked();
    await deps.enlistment.addPlayers(row, [player], tx);
    return row;
  });
}

/**
 * Staff and clan rosters place players directly; the owner of a roster that is not a clan's invites
 * them instead (each accepts, or joins with the key). Answers the invitations made (none when placed).
 */
export function placeOrInvitePlayers(
  deps: RosterMembershipDeps,
  input: {
    tenant: string;
    rosterId: string;
    players: GamePlayer[];
    invite: boolean;
    invitedBy: string | null;
  },
): Promise<RosterInvitationRow[]> {
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx, uow) => {
    const row = await deps.rosters.lockById(input.tenant, input.rosterId, tx);
    if (isRosterLocked(row)) throw locked();
    if (!input.invite) {
      await deps.enlistment.addPlayers(row, input.players, tx);
      return [];
    }
    const tags = input.players.map((p) => p.tag);
    const fresh = [...(await deps.enlistment.newcomers(row, tags, tx))];
    const now = deps.now();
    // Only the invitations opened now are news (an open one repeated changes nothing).
    const before = new Set(await deps.invitations.openTags(row.id, fresh, tx));
    const open = await deps.invitations.invite(row.id, fresh, input.invitedBy, now, tx);
    const opened = open.map((i) => i.playerTag).filter((tag) => !before.has(tag));
    await notifyTeamInvitations(deps.db, uow, row, opened, now);
    return open;
  });
}

/** A player removed from the roster ('kicked' by staff, owner or leader; 'left' by themself); never the captain. */
export function removePlayer(
  deps: RosterMembershipDeps,
  input: { tenant: string; rosterId: string; playerTag: string; reason: 'kicked' | 'left'; staff: boolean },
): Promise<void> {
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    const row = await deps.rosters.lockById(input.tenant, input.rosterId, tx);
    // Staff may still remove a player from a confirmed roster; a player never leaves a locked one.
    if (input.reason === 'kicked' ? row.confirmedAt && !input.staff : isRosterLocked(row)) throw locked();
    const member = (await deps.rosters.activeMembers(row.id, tx)).find(
      (m) => m.playerTag === input.playerTag,
    );
    if (!member) {
      throw new DomainError(
        'NOT_FOUND',
        input.reason === 'left'
          ? 'You are not on this roster'
          : `Player ${input.playerTag} is not on this roster`,
      );
    }
    if (member.position === 'captain') {
      throw new DomainError(
        'CONFLICT',
        input.reason === 'left'
          ? 'The captain cannot leave; ask the leader to pick a new captain first'
          : 'The captain cannot be removed; change the captain first',
      );
    }
    await deps.rosters.removeMembers(row.id, [input.playerTag], input.reason, deps.now(), tx);
  });
}

/** The caller's open invitation, locked, with its roster locked first. */
async function lockOpenInvitation(
  deps: RosterMembershipDeps,
  tenant: string,
  id: string,
  playerTag: string,
  tx: Executor,
) {
  const found = await deps.invitations.find(tenant, id, tx);
  if (!found || found.invitation.playerTag !== playerTag) throw noInvitation();
  const roster = await deps.rosters.lockById(tenant, found.roster.id, tx);
  const open = await deps.invitations.find(tenant, id, tx, true);
  if (!open || open.invitation.answeredAt) throw noInvitation();
  return { invitation: open.invitation, roster };
}

/** The invited player accepts: placed on the roster (not withdrawn, not locked) and the invitation answered. */
export function acceptInvitation(
  deps: RosterMembershipDeps,
  input: { tenant: string; id: string; player: GamePlayer },
): Promise<{ invitation: RosterInvitationRow; roster: RosterRow }> {
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    const { invitation, roster } = await lockOpenInvitation(
      deps,
      input.tenant,
      input.id,
      input.player.tag,
      tx,
    );
    if (roster.withdrawnAt) throw noInvitation();
    if (isRosterLocked(roster)) throw locked();
    await deps.enlistment.addPlayers(roster, [input.player], tx);
    const answered = (await deps.invitations.answer(invitation.id, 'accepted', deps.now(), tx))!;
    return { invitation: answered, roster };
  });
}

/** The invited player declines: the invitation answered, nothing else changes. */
export function declineInvitation(
  deps: RosterMembershipDeps,
  input: { tenant: string; id: string; playerTag: string },
): Promise<{ invitation: RosterInvitationRow; roster: RosterRow }> {
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    const { invitation, roster } = await lockOpenInvitation(
      deps,
      input.tenant,
      input.id,
      input.playerTag,
      tx,
    );
    const answered = (await deps.invitations.answer(invitation.id, 'declined', deps.now(), tx))!;
    return { invitation: answered, roster };
  });
}
