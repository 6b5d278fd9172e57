import { gameUserBody, gameUserDocument } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FailureLimit } from '../../http/rate-limit.js';
import { toUserResource } from '../auth/user-mapper.js';
import type { GameUserService } from './game-user-service.js';

/** POST /api/hub/1.0/game-user: who the player behind an in-game API token is, with a player token. */
export function gameUserRoutes(
  service: GameUserService,
  options: { tokenLimit: FailureLimit },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/game-user',
      { schema: { tags: ['hub'], body: gameUserBody, response: { 200: gameUserDocument } } },
      async (request) => {
        const { apiToken, playerTag } = request.body.data.attributes;
        // Wrong API tokens count per IP; a blocked IP is refused before the game is asked.
        const { user, meta } = await options.tokenLimit(request.ip, () =>
          service.lookup(request.tenant, playerTag, apiToken),
        );
        const resource = toUserResource(user);
        return {
          data: {
            id: user.id,
            type: 'game-users' as const,
            attributes: {
              token: meta.token,
              refreshToken: meta.refreshToken,
              user: { id: user.id, ...resource.attributes, gameAccounts: [{ username: meta.playerName }] },
            },
          },
          meta,
        };
      },
    );
  };
}
