import {
  addPlayersBody,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { GameAdapter } from '../../game/index.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createPlayerRepository } from '../players/player-repository.js';
import { createRosterAccess } from './roster-access.js';
import { createRosterEnlistment } from './roster-enlistment.js';
import {
  createRosterHandler,
  deleteRosterHandler,
  joiningKeyHandler,
  type RosterHandlerDeps,
  updateRosterHandler,
} from './roster-handlers.js';
import { createRosterInvitationRepository } from './roster-invitation-repository.js';
import { rosterInvitationRoutes } from './roster-invitation-routes.js';
import {
  addPlayersHandler,
  joinRosterHandler,
  leaveRosterHandler,
  removePlayerHandler,
} from './roster-lineup-handlers.js';
import { toRosterResource, toRosterResources } from './roster-mapper.js';
import { createRosterRepository } from './roster-repository.js';

function rosterHandlerDeps(db: Db, game: GameAdapter, now: () => Date): RosterHandlerDeps {
  const repo = createRosterRepository(db);
  const enlistment = createRosterEnlistment(repo, createPlayerRepository(db), game, now);
  const invitations = createRosterInvitationRepository(db);
  const membership = { db, now, rosters: repo, invitations, enlistment };
  return { db, now, repo, access: createRosterAccess(db, game), membership };
}

/**
 * Platform rosters under /api/tournaments/1.0. Who may call what (docs/api/rosters.md, decided in
 * `roster-access.ts`): reads are public; create needs a hub user (clan external ids: admin);
 * update, delete and the joining key: admin or owner; add/kick players: staff of its event, owner
 * or the clan's leader, before the lock; join and leave: the verified player themself (`rosterLineupRoutes`).
 */
export function rosterRoutes(db: Db, game: GameAdapter, options: { now: () => Date }): FastifyPluginAsyncZod {
  const deps = rosterHandlerDeps(db, game, options.now);
  const { repo } = deps;

  return async (app) => {
    const tags = ['rosters'];
    const security = [{ bearer: [] }];
    const secured = { preHandler: app.authenticatePlayer };
    await app.register(rosterInvitationRoutes(deps.membership));
    await app.register(rosterLineupRoutes(deps));

    app.post(
      '/rosters',
      { ...secured, schema: { tags, security, body: createRosterBody, response: { 201: rosterDocument } } },
      async (request, reply) =>
        reply.status(201).send(await createRosterHandler(deps, request, request.body.data.attributes)),
    );

    app.get(
      '/rosters',
      { schema: { tags, querystring: rosterListQuery, response: { 200: rosterListDocument } } },
      async (request) => {
        const q = request.query;
        const page = pageRequest(q);
        const filter = {
          segmentId: q['filter[segment]'],
          eventId: q['filter[event]'],
          ownerId: q['filter[owner]'],
          userId: q['filter[user]'],
        };
        const { rows, total } = await repo.list(request.tenant, filter, page);
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
      async (request) => updateRosterHandler(deps, request, request.params.id, request.body.data.attributes),
    );

    app.delete(
      '/rosters/:id',
      { ...secured, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        await deleteRosterHandler(deps, request, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/rosters/:id/joining-key',
      { ...secured, schema: { tags, security, params: idParams, response: { 200: joiningKeyDocument } } },
      async (request) => joiningKeyHandler(deps, request, request.params.id),
    );
  };
}

/** Who plays on a roster: join with the key, add or kick players (or invite them), leave. */
function rosterLineupRoutes(deps: RosterHandlerDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['rosters'];
    const security = [{ bearer: [] }];
    const secured = { preHandler: app.authenticatePlayer };

    app.post(
      '/rosters/join',
      { ...secured, schema: { tags, security, body: joinRosterBody, response: { 200: rosterDocument } } },
      async (request) => joinRosterHandler(deps, request, request.body.data.attributes.joiningKey),
    );

    app.post(
      '/rosters/:id/relationships/players',
      {
        ...secured,
        schema: { tags, security, params: idParams, body: addPlayersBody, response: { 200: rosterDocument } },
      },
      async (request) => addPlayersHandler(deps, request, request.params.id, request.body),
    );

    app.delete(
      '/rosters/:id/relationships/players/:playerTag',
      { ...secured, schema: { tags, security, params: rosterPlayerParams } },
      async (request, reply) => {
        await removePlayerHandler(deps, request, request.params.id, request.params.playerTag);
        return reply.status(204).send();
      },
    );

    app.post(
      '/rosters/:id/leave',
      { ...secured, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        await leaveRosterHandler(deps, request, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
