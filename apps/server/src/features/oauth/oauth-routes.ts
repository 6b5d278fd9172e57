import {
  chatAccountDocument,
  discordAccessTokenQuery,
  discordAuthorizationUrlDocument,
  discordAuthorizationUrlQuery,
} from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import type { DiscordClient } from './discord-client.js';
import { linkChatAccount } from './link-chat-account.js';
import { signState, verifyState } from './oauth-state.js';

const STATE_TTL_MS = 10 * 60 * 1000;

function hubUserId(request: FastifyRequest): string {
  const id = request.user?.id ?? request.player?.userId;
  if (!id) throw new DomainError('NOT_REGISTERED', 'Create your hub account before linking a chat account');
  return id;
}

/** Community chat (Discord) OAuth under /api/users/1.0/oauth/discord. */
export function oauthRoutes(
  db: Db,
  discord: DiscordClient,
  options: { stateKey: string; now: () => Date },
): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearer: [] }];
    app.get(
      '/oauth/discord/authorization_url',
      {
        preHandler: app.authenticatePlayer,
        schema: {
          tags: ['users'],
          security,
          querystring: discordAuthorizationUrlQuery,
          response: { 200: discordAuthorizationUrlDocument },
        },
      },
      async (request) => {
        const userId = hubUserId(request);
        const returnUri = request.query.return_uri;
        const state = signState(options.stateKey, {
          userId,
          returnUri,
          expires: options.now().getTime() + STATE_TTL_MS,
        });
        const url = discord.authorizationUrl(returnUri, state);
        return {
          data: { id: 'discord', type: 'oauth-authorization-urls' as const, attributes: { url, state } },
        };
      },
    );

    app.get(
      '/oauth/discord/access_token',
      {
        preHandler: app.authenticatePlayer,
        schema: {
          tags: ['users'],
          security,
          querystring: discordAccessTokenQuery,
          response: { 200: chatAccountDocument },
        },
      },
      async (request) => {
        const userId = hubUserId(request);
        const { code, return_uri: returnUri, state } = request.query;
        // Compared before the exchange: a code without the state we issued is never spent.
        const checked = verifyState(options.stateKey, state, options.now().getTime());
        if (!checked || checked.userId !== userId || checked.returnUri !== returnUri) {
          throw new DomainError('VALIDATION_FAILED', 'The OAuth state is invalid or expired', {
            source: { parameter: 'state' },
          });
        }
        const chatUser = await discord.exchange(code, returnUri);
        const account = await linkChatAccount(
          { db, now: options.now },
          { userId, provider: 'discord', externalId: chatUser.id, username: chatUser.username },
        );
        return {
          data: {
            id: account.id,
            type: 'chat-accounts' as const,
            attributes: {
              provider: 'discord' as const,
              externalId: account.externalId,
              username: account.username,
              linkedAt: isoSeconds(account.linkedAt),
            },
          },
        };
      },
    );
  };
}
