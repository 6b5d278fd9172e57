import { document } from './jsonapi.js';
import * as z from './safe-zod.js';

/**
 * Community chat (Discord) OAuth under `/api/users/1.0/oauth/discord` (bearer token of a hub user,
 * or of a player who has a hub user).
 * GET /authorization_url?return_uri= → the Discord authorize URL (client id, scope identify, state).
 * GET /access_token?code=&return_uri=&state= → checks the state (mandatory: it binds the exchange to
 * the user and return_uri that asked for it), then exchanges the code and links the chat account.
 */
export const returnUri = z.url({ protocol: /^https?$/ }).max(2000);

export const discordAuthorizationUrlQuery = z.object({ return_uri: returnUri });
export const discordAuthorizationUrlDocument = document(
  z.object({
    id: z.string(),
    type: z.literal('oauth-authorization-urls'),
    attributes: z.object({ url: z.string(), state: z.string() }),
  }),
);

export const discordAccessTokenQuery = z.object({
  code: z.string().min(1).max(512),
  return_uri: returnUri,
  state: z.string().min(1).max(1024),
});

export const chatAccountAttributes = z.object({
  provider: z.literal('discord'),
  externalId: z.string(),
  username: z.string(),
  linkedAt: z.iso.datetime({ offset: true }),
});
export const chatAccountDocument = document(
  z.object({ id: z.string(), type: z.literal('chat-accounts'), attributes: chatAccountAttributes }),
);
export type ChatAccountDocument = z.infer<typeof chatAccountDocument>;

/** POST /api/clan/1.0/get-discord-token: a one-time code the player gives the chat bot. */
export const discordLinkTokenDocument = document(
  z.object({
    id: z.string(),
    type: z.literal('discord-tokens'),
    attributes: z.object({ code: z.string(), expires: z.iso.datetime({ offset: true }) }),
  }),
);
export type DiscordLinkTokenDocument = z.infer<typeof discordLinkTokenDocument>;
