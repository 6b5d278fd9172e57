import { countryDocument, gameUserBody, gameUserDocument } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FailureLimit } from '../../http/rate-limit.js';
import { toUserResource } from '../auth/user-mapper.js';
import { lookupCountry } from './country.js';
import type { GameUserService } from './game-user-service.js';

/** Hub service under /api/hub/1.0: the game-user lookup and the country. */
export function hubRoutes(
  service: GameUserService,
  options: { countryTraceUrl: string | undefined; tokenLimit: FailureLimit },
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

    app.get(
      '/country',
      { schema: { tags: ['hub'], response: { 200: countryDocument } } },
      async (request) => {
        const country = await lookupCountry(request, { traceUrl: options.countryTraceUrl });
        return { data: { id: country, type: 'countries' as const, attributes: { country } } };
      },
    );
  };
}
