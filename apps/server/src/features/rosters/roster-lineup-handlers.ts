import type { AddPlayersBody } from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../errors/domain-error.js';
import { type GamePlayer, normalizeTag } from '../../game/index.js';
import { requirePlayer } from '../players/player-auth.js';
import type { RosterHandlerDeps } from './roster-handlers.js';
import { toRosterResource } from './roster-mapper.js';
import { joinWithKey, placeOrInvitePlayers, removePlayer } from './roster-membership.js';

/** POST /rosters/join: the verified player joins the roster whose joining key they hold. */
export async function joinRosterHandler(
  deps: RosterHandlerDeps,
  request: FastifyRequest,
  joiningKey: string,
) {
  const caller = requirePlayer(request);
  const found = await deps.repo.findByJoiningKey(request.tenant, joiningKey);
  if (!found || found.withdrawnAt) throw new DomainError('NOT_FOUND', 'No roster with this joining key');
  const player = await deps.membership.enlistment.gamePlayer(caller.tag);
  if (player.banned)
    throw new DomainError('PLAYER_BANNED', `Player ${player.tag} is banned from the championship`);
  const roster = await joinWithKey(deps.membership, request.tenant, found.id, player);
  return { data: await toRosterResource(deps.db, roster) };
}

/**
 * POST /rosters/:id/relationships/players. A roster that is not a clan's enlists nobody without
 * consent: its owner invites, and each player accepts (or joins with the joining key). Staff of
 * its event still place players directly.
 */
export async function addPlayersHandler(
  deps: RosterHandlerDeps,
  request: FastifyRequest,
  id: string,
  body: AddPlayersBody,
) {
  const found = await deps.repo.getById(request.tenant, id);
  const { staff } = await deps.access.requireLineup(request, found, 'add');
  const tagsToAdd = [...new Set(body.data.map((d) => normalizeTag(d.id)))];
  const players: GamePlayer[] = [];
  for (const tag of tagsToAdd) players.push(await deps.membership.enlistment.gamePlayer(tag));
  const invite = !found.clanTag && !staff;
  const invited = await placeOrInvitePlayers(deps.membership, {
    tenant: request.tenant,
    rosterId: found.id,
    players,
    invite,
    invitedBy: request.user?.id ?? request.player?.userId ?? null,
  });
  const data = await toRosterResource(deps.db, found);
  if (!invite) return { data };
  return { data, meta: { invited: invited.map((i) => ({ id: i.id, playerTag: i.playerTag })) } };
}

/** DELETE /rosters/:id/relationships/players/:playerTag: a kick (staff of its event may kick after the lock). */
export async function removePlayerHandler(
  deps: RosterHandlerDeps,
  request: FastifyRequest,
  id: string,
  playerTag: string,
) {
  const found = await deps.repo.getById(request.tenant, id);
  const { staff } = await deps.access.requireLineup(request, found, 'remove');
  await removePlayer(deps.membership, {
    tenant: request.tenant,
    rosterId: found.id,
    playerTag: normalizeTag(playerTag),
    reason: 'kicked',
    staff,
  });
}

/** POST /rosters/:id/leave: the verified player leaves the roster themself. */
export async function leaveRosterHandler(deps: RosterHandlerDeps, request: FastifyRequest, id: string) {
  const caller = requirePlayer(request);
  const found = await deps.repo.getById(request.tenant, id);
  await removePlayer(deps.membership, {
    tenant: request.tenant,
    rosterId: found.id,
    playerTag: caller.tag,
    reason: 'left',
    staff: false,
  });
}
