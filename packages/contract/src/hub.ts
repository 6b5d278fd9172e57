import { token, userAttributes } from './auth.js';
import { clanRole, gameTag } from './game-tags.js';
import { document, requestBody } from './jsonapi.js';
import * as z from './safe-zod.js';

/**
 * Hub service `/api/hub/1.0` (docs/design/players-and-teams.md "Identity").
 * POST /game-user verifies the in-game API token of a player and answers a player token.
 */
export const gameUserBody = requestBody(
  z.object({
    /** The API token the player copies from the game settings. */
    apiToken: z.string().min(1).max(512),
    playerTag: gameTag,
  }),
);
export type GameUserBody = z.infer<typeof gameUserBody>;

export const gameUserClan = z.object({ tag: z.string(), name: z.string(), thLevel: z.number().int() });

/**
 * What the hub knows about the verified player. It is `meta` of the 200 answer and
 * `errors[0].meta` of the 404 NOT_REGISTERED and 401 (INSUFFICIENT_TH_LEVEL, NO_CLAN,
 * INSUFFICIENT_ROLE, NOT_INVITED) answers. PLAYER_BANNED carries no token.
 */
export const gameUserMeta = z.object({
  /** Bearer player token (same value as data.attributes.token.value on 200). */
  token,
  refreshToken: token,
  playerTag: z.string(),
  playerName: z.string(),
  clan: gameUserClan.nullable(),
  role: clanRole.nullable(),
  isLeader: z.boolean(),
  isCoLeader: z.boolean(),
  /** The player's own town hall level. */
  thLevel: z.number().int(),
  /** The clan's current roster (the "middleware roster id"), null when the clan has none. */
  rosterId: z.string().nullable(),
  /** Only on 401 NOT_INVITED / INSUFFICIENT_ROLE: the clan's roster id or null when it has none. */
  clanRosterId: z.string().nullable().optional(),
});
export type GameUserMeta = z.infer<typeof gameUserMeta>;

export const gameUserResource = z.object({
  id: z.string(),
  type: z.literal('game-users'),
  attributes: z.object({
    token,
    refreshToken: token,
    user: z.object({ id: z.string() }).extend(userAttributes.shape),
  }),
});
export const gameUserDocument = z.object({ data: gameUserResource, meta: gameUserMeta });
export type GameUserDocument = z.infer<typeof gameUserDocument>;

/** Error codes of POST /game-user besides VALIDATION_FAILED. */
export const GAME_USER_ERROR_CODES = [
  'NOT_REGISTERED',
  'INVALID_TOKEN',
  'UNKNOWN_PLAYER',
  'INSUFFICIENT_TH_LEVEL',
  'PLAYER_BANNED',
  'NO_CLAN',
  'NOT_INVITED',
  'INSUFFICIENT_ROLE',
] as const;

/** GET /country: ISO 3166 alpha-2 code, 'XX' when unknown. */
export const countryDocument = document(
  z.object({ id: z.string(), type: z.literal('countries'), attributes: z.object({ country: z.string() }) }),
);
export type CountryDocument = z.infer<typeof countryDocument>;
