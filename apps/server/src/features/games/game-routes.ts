import { type GameResource, gameDocument, gameListDocument, gameListQuery, idParams } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createGameRepository, type GameRow } from './game-repository.js';

const toGameResource = (game: GameRow): GameResource => ({
  id: game.id,
  type: 'games',
  attributes: { name: game.name, slug: game.slug },
});

/** GET /games and /games/{id} under /api/tournaments/1.0. Games are shared by all tenants. */
export function gameRoutes(db: Db): FastifyPluginAsyncZod {
  const gamesRepo = createGameRepository(db);
  return async (app) => {
    app.get(
      '/games',
      { schema: { tags: ['games'], querystring: gameListQuery, response: { 200: gameListDocument } } },
      async (request) => {
        const page = pageRequest(request.query);
        const { rows, total } = await gamesRepo.list(page);
        return { data: rows.map(toGameResource), meta: pageMeta(page, total) };
      },
    );

    app.get(
      '/games/:id',
      { schema: { tags: ['games'], params: idParams, response: { 200: gameDocument } } },
      async (request) => ({ data: toGameResource(await gamesRepo.getById(request.params.id)) }),
    );
  };
}
