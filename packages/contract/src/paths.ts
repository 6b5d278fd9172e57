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

export const TENANT_HEADER = 'x-tenant';
export const DEFAULT_TENANT = 'global';
/** Sent instead of a tenant header by clients that have no tenant. */
export const NO_TENANT_HEADER = 'x-no-tenant';

/** socket.io namespace of the match server for a tenant. */
export const socketNamespace = (tenant: string) => `/${tenant}/frontend`;
