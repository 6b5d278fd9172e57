import { createTeamBody, idParams, teamDocument, teamListDocument, teamListQuery } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { identifier, isoSeconds, pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import { createTeamRepository, type TeamRow } from './team-repository.js';

/** A user owns at most this many teams: a team is an organisation, not a per-season entry. */
export const MAX_TEAMS_PER_OWNER = 10;

export const toTeamResource = (row: TeamRow) => ({
  id: row.id,
  type: 'teams' as const,
  attributes: { name: row.name, createdAt: isoSeconds(row.createdAt) },
  relationships: {
    game: { data: identifier('games', row.gameId) },
    owner: { data: identifier('users', row.ownerId) },
  },
});

const invalid = (detail: string, pointer: string) =>
  new DomainError('VALIDATION_FAILED', detail, { source: { pointer } });

/**
 * GET /teams, GET /teams/{id} (public) and POST /teams (signed in) under /api/tournaments/1.0.
 * A team (spec §3: name, game, owner) is a persistent organisation owned by a user; rosters are
 * its entries into one segment of one season. See docs/api/teams.md.
 */
export function teamRoutes(db: Db, audited: Audited, now: () => Date): FastifyPluginAsyncZod {
  const repo = createTeamRepository(db);
  const requireAccess = createAccess(db);
  return async (app) => {
    app.get(
      '/teams',
      { schema: { tags: ['teams'], querystring: teamListQuery, response: { 200: teamListDocument } } },
      async (request) => {
        const q = request.query;
        const page = pageRequest(q);
        const { rows, total } = await repo.list(
          {
            tenant: request.tenant,
            ownerId: q['filter[owner]'],
            gameId: q['filter[game]'],
            search: q['filter[search]'],
          },
          page,
        );
        return { data: rows.map(toTeamResource), meta: pageMeta(page, total) };
      },
    );

    app.get(
      '/teams/:id',
      { schema: { tags: ['teams'], params: idParams, response: { 200: teamDocument } } },
      async (request) => {
        const row = await repo.find(request.tenant, request.params.id);
        if (!row) throw new DomainError('NOT_FOUND', `No team with id ${request.params.id}`);
        return { data: toTeamResource(row) };
      },
    );

    app.post(
      '/teams',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['teams'],
          security: [{ bearer: [] }],
          body: createTeamBody,
          response: { 201: teamDocument },
        },
      },
      async (request, reply) => {
        const input = request.body.data.attributes;
        const caller = request.user!;
        const ownerId = input.ownerId ?? caller.id;
        // Creating a team for someone else is an admin's act (e.g. a franchise moving in).
        if (ownerId !== caller.id) await requireAccess(request, 'user:admin');
        const row = await audited(request, async (tx, record) => {
          const gameId = input.gameId ?? (await repo.defaultGameId(tx));
          if (!gameId || !(await repo.gameExists(gameId, tx)))
            throw invalid('No such game', '/data/attributes/gameId');
          if (!(await repo.userExists(ownerId, tx)))
            throw invalid('No such user', '/data/attributes/ownerId');
          if ((await repo.countOwned(request.tenant, ownerId, tx)) >= MAX_TEAMS_PER_OWNER)
            throw new DomainError('CONFLICT', `A user owns at most ${MAX_TEAMS_PER_OWNER} teams`);
          const team = await repo.insert(
            { tenant: request.tenant, name: input.name, gameId, ownerId, createdAt: now() },
            tx,
          );
          await record({ action: 'team.create', targetType: 'teams', targetId: team.id, after: team });
          return team;
        });
        return reply.status(201).send({ data: toTeamResource(row) });
      },
    );
  };
}
