// Zod-free: part of `@cwh/contract/constants`, the entry the web imports runtime values from
// (constants.test.ts keeps zod out of it).

/** API base paths. Fixed by the foundation so every feature builds on them. */
export const API = {
  tournaments: '/api/tournaments/1.0',
  matches: '/api/matches/1.0',
  users: '/api/users/1.0',
  pickban: '/api/pickban/1.0',
  chat: '/api/chat/1.0',
  hub: '/api/hub/1.0',
  clan: '/api/clan/1.0',
  war: '/api/war/1.0',
  age: '/api/age/1.0',
  log: '/api/log/1.0',
} as const;

/**
 * Age service `/api/age/1.0` (bearer player or user token).
 * GET /age-gate and POST /age-gate answer 200 when the player is GATED (under the minimum age,
 * server config MIN_AGE, default 13) and 204 (no body) when not gated or the date is unknown.
 */
export const AGE_GATE_PATH = '/age-gate';

/**
 * Simulator API, only when the server runs the simulated game (GAME_MODE=simulated); 404 otherwise.
 * Tags in paths: '%23TAG' or the tag without '#'.
 */
export const SIMULATOR_API = '/api/simulator/1.0';

/** Media type of every API answer unless the client asks for plain JSON. */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

export const TENANT_HEADER = 'x-tenant';
export const DEFAULT_TENANT = 'global';
/** Sent instead of a tenant header by clients that have no tenant. */
export const NO_TENANT_HEADER = 'x-no-tenant';

/** socket.io namespace of the match server for a tenant. */
export const socketNamespace = (tenant: string) => `/${tenant}/frontend`;
