import {
  addPlayersBody,
  CLAN_TAG_EXTERNAL_PROVIDER,
  createRosterBody,
  idParams,
  joiningKeyDocument,
  joinRosterBody,
  rosterDocument,
  rosterListDocument,
  rosterListQuery,
  rosterPlayerParams,
  updateRosterBody,
} from '@cwh/contract';
import { hasRole, isRosterLocked } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import { type GameAdapter, type GamePlayer, normalizeTag } from '../../game/index.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccessCheck } from '../access/access.js';
import { generateToken } from '../auth/opaque-token.js';
import { requirePlayer } from '../players/player-auth.js';
import { createPlayerRepository } from '../players/player-repository.js';
import { createRosterEnlistment } from './roster-enlistment.js';
import { createRosterInvitationRepository } from './roster-invitation-repository.js';
import { rosterInvitationRoutes } from './roster-invitation-routes.js';
import { toRosterResource, toRosterResources } from './roster-mapper.js';
import { createRoster, joinWithKey, placeOrInvitePlayers, removePlayer } from './roster-membership.js';
import { createRosterRepository, type RosterRow } from './roster-repository.js';

/** Platform-wide roster calls (clan rosters here, any roster's edit or delete) are the admin's role. */
const isAdmin = (request: FastifyRequest) => hasRole(request.user?.permissions ?? [], 'admin');
/** Owning a roster is not a platform role: the roster's owner is its hub user (or that user's player). */
const isOwner = (request: FastifyRequest, roster: RosterRow) =>
  roster.ownerId !== null && (request.user?.id ?? request.player?.userId) === roster.ownerId;
const forbidden = (what: string) => new DomainError('FORBIDDEN', `Only ${what}`);
const locked = () =>
  new DomainError('ROSTER_LOCKED', 'The roster is locked; its lineup can no longer change');

/**
 * Platform rosters under /api/tournaments/1.0. Who may call what (docs/api/rosters.md):
 * reads are public; create needs a hub user (clan external ids: admin); update, delete and the
 * joining key: admin or owner; add/kick players: admin, owner or the clan's leader, before the lock;
 * join and leave: the verified player themself.
 */
export function rosterRoutes(db: Db, game: GameAdapter, options: { now: () => Date }): FastifyPluginAsyncZod {
  const repo = createRosterRepository(db);
  const playerAccounts = createPlayerRepository(db);

  /** Staff of the roster: who may manage its event (an admin, or an organizer of it): they place and remove players directly. */
  const isStaff = (request: FastifyRequest, roster: RosterRow) =>
    may(request.user, 'event:manage', roster.eventId);

  async function isClanLeader(request: FastifyRequest, roster: RosterRow): Promise<boolean> {
    if (!request.player || !roster.clanTag) return false;
    const tag = request.player.tag;
    const player = await gameCall(() => game.getPlayer(tag));
    return player?.clan?.tag === roster.clanTag && player.role === 'leader';
  }

  const enlistment = createRosterEnlistment(repo, playerAccounts, game, options.now);
  const { gamePlayer } = enlistment;
  const invitations = createRosterInvitationRepository(db);
  const membership = { db, now: options.now, rosters: repo, invitations, enlistment };
  const may = createAccessCheck(db);

  return async (app) => {
    const tags = ['rosters'];
    const security = [{ bearer: [] }];
    const secured = { preHandler: app.authenticatePlayer };
    await app.register(rosterInvitationRoutes(membership));

    app.post(
      '/rosters',
      { ...secured, schema: { tags, security, body: createRosterBody, response: { 201: rosterDocument } } },
      async (request, reply) => {
        const body = request.body.data.attributes;
        const ownerId = request.user?.id ?? request.player?.userId;
        if (!ownerId)
          throw new DomainError('NOT_REGISTERED', 'Create your hub account before creating a roster');
        const externalIds = (body.externalIds ?? []).map((e) =>
          e.provider === CLAN_TAG_EXTERNAL_PROVIDER ? { ...e, value: normalizeTag(e.value) } : e,
        );
        const clanTag = externalIds.find((e) => e.provider === CLAN_TAG_EXTERNAL_PROVIDER)?.value ?? null;
        if (clanTag && !isAdmin(request))
          throw forbidden('admins can create clan rosters here; leaders use POST /api/clan/1.0/members');
        const { segment, event } = await repo.getSegment(request.tenant, body.segmentId);
        if (event.status !== 'active')
          throw new DomainError('EVENT_NOT_ACTIVE', 'This event is no longer active and takes no rosters');
        // A second live roster of the clan in this segment is a CONFLICT, a segment at its
        // rostersLimit.limit is SEGMENT_FULL (the repository says both).
        const row = await createRoster(membership, {
          tenant: request.tenant,
          eventId: event.id,
          segmentId: segment.id,
          name: body.name,
          ownerId,
          clanTag,
          thLevel: body.thLevel ?? segment.configuration.thLevel,
          externalIds,
          joiningKey: generateToken(),
          createdAt: options.now(),
        });
        return reply.status(201).send({ data: await toRosterResource(db, row) });
      },
    );

    app.get(
      '/rosters',
      { schema: { tags, querystring: rosterListQuery, response: { 200: rosterListDocument } } },
      async (request) => {
        const q = request.query;
        const page = pageRequest(q);
        const { rows, total } = await repo.list(
          request.tenant,
          {
            segmentId: q['filter[segment]'],
            eventId: q['filter[event]'],
            ownerId: q['filter[owner]'],
            userId: q['filter[user]'],
          },
          page,
        );
        return { data: await toRosterResources(db, rows), meta: pageMeta(page, total) };
      },
    );

    app.get(
      '/rosters/:id',
      { schema: { tags, params: idParams, response: { 200: rosterDocument } } },
      async (request) => ({
        data: await toRosterResource(db, await repo.getById(request.tenant, request.params.id)),
      }),
    );

    app.patch(
      '/rosters/:id',
      {
        ...secured,
        schema: {
          tags,
          security,
          params: idParams,
          body: updateRosterBody,
          response: { 200: rosterDocument },
        },
      },
      async (request) => {
        const roster = await repo.getById(request.tenant, request.params.id);
        const body = request.body.data.attributes;
        const admin = isAdmin(request);
        if (!admin && !isOwner(request, roster))
          throw forbidden('the roster owner or an admin can change a roster');
        if (!admin && (body.treeLevel !== undefined || body.confirmed_at !== undefined)) {
          throw forbidden('an admin can change tree.level or confirmed_at');
        }
        const updated = await repo.update(roster.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.treeLevel !== undefined ? { treeLevel: body.treeLevel } : {}),
          ...(body.confirmed_at !== undefined
            ? { confirmedAt: body.confirmed_at === null ? null : new Date(body.confirmed_at) }
            : {}),
          ...(body.chatGroupUrl !== undefined ? { chatGroupUrl: body.chatGroupUrl } : {}),
        });
        return { data: await toRosterResource(db, updated) };
      },
    );

    app.delete(
      '/rosters/:id',
      { ...secured, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        const roster = await repo.getById(request.tenant, request.params.id);
        if (!isAdmin(request)) {
          if (!isOwner(request, roster)) throw forbidden('the roster owner or an admin can delete a roster');
          if (isRosterLocked(roster)) throw locked();
        }
        await repo.delete(roster.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/rosters/:id/joining-key',
      { ...secured, schema: { tags, security, params: idParams, response: { 200: joiningKeyDocument } } },
      async (request) => {
        const roster = await repo.getById(request.tenant, request.params.id);
        if (!isAdmin(request) && !isOwner(request, roster))
          throw forbidden('the roster owner or an admin can see the joining key');
        return {
          data: {
            id: roster.id,
            type: 'joining-keys' as const,
            attributes: { joiningKey: roster.joiningKey },
          },
        };
      },
    );

    app.post(
      '/rosters/join',
      { ...secured, schema: { tags, security, body: joinRosterBody, response: { 200: rosterDocument } } },
      async (request) => {
        const caller = requirePlayer(request);
        const found = await repo.findByJoiningKey(request.tenant, request.body.data.attributes.joiningKey);
        if (!found || found.withdrawnAt)
          throw new DomainError('NOT_FOUND', 'No roster with this joining key');
        const player = await gamePlayer(caller.tag);
        if (player.banned)
          throw new DomainError('PLAYER_BANNED', `Player ${player.tag} is banned from the championship`);
        const roster = await joinWithKey(membership, request.tenant, found.id, player);
        return { data: await toRosterResource(db, roster) };
      },
    );

    app.post(
      '/rosters/:id/relationships/players',
      {
        ...secured,
        schema: { tags, security, params: idParams, body: addPlayersBody, response: { 200: rosterDocument } },
      },
      async (request) => {
        const found = await repo.getById(request.tenant, request.params.id);
        const staff = await isStaff(request, found);
        if (!staff && !isOwner(request, found) && !(await isClanLeader(request, found))) {
          throw forbidden(
            "the roster owner, the clan's leader, its event's organizers or an admin can add players",
          );
        }
        const tagsToAdd = [...new Set(request.body.data.map((d) => normalizeTag(d.id)))];
        const players: GamePlayer[] = [];
        for (const tag of tagsToAdd) players.push(await gamePlayer(tag));
        // A roster that is not a clan's enlists nobody without consent: its owner invites, and
        // each player accepts (or joins with the joining key). Admins still place players directly.
        const invite = !found.clanTag && !staff;
        const invited = await placeOrInvitePlayers(membership, {
          tenant: request.tenant,
          rosterId: found.id,
          players,
          invite,
          invitedBy: request.user?.id ?? request.player?.userId ?? null,
        });
        const data = await toRosterResource(db, found);
        if (!invite) return { data };
        return { data, meta: { invited: invited.map((i) => ({ id: i.id, playerTag: i.playerTag })) } };
      },
    );

    app.delete(
      '/rosters/:id/relationships/players/:playerTag',
      { ...secured, schema: { tags, security, params: rosterPlayerParams } },
      async (request, reply) => {
        const found = await repo.getById(request.tenant, request.params.id);
        const admin = await isStaff(request, found);
        if (!admin && !isOwner(request, found) && !(await isClanLeader(request, found))) {
          throw forbidden(
            "the roster owner, the clan's leader, its event's organizers or an admin can remove players",
          );
        }
        const tag = normalizeTag(request.params.playerTag);
        await removePlayer(membership, {
          tenant: request.tenant,
          rosterId: found.id,
          playerTag: tag,
          reason: 'kicked',
          staff: admin,
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/rosters/:id/leave',
      { ...secured, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        const caller = requirePlayer(request);
        const found = await repo.getById(request.tenant, request.params.id);
        await removePlayer(membership, {
          tenant: request.tenant,
          rosterId: found.id,
          playerTag: caller.tag,
          reason: 'left',
          staff: false,
        });
        return reply.status(204).send();
      },
    );
  };
}
