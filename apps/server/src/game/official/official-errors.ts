import { GameAdapterError } from '../game-adapter-error.js';
import { officialErrorSchema } from './official-schemas.js';

/** An answer of the official API, as the client hands it around. */
export interface UpstreamResponse {
  status: number;
  body: unknown;
  /** How long the API allows this answer to be reused (Cache-Control max-age), if it said. */
  maxAgeMs?: number | null;
}

export function notFound(what: 'player' | 'clan', tag: string): GameAdapterError {
  return new GameAdapterError('not_found', `No ${what} with tag ${tag} in the game`, {
    status: 404,
    reason: 'notFound',
  });
}

export function unexpectedStatus(response: UpstreamResponse, what: string): GameAdapterError {
  const error = officialErrorSchema.safeParse(response.body);
  const reason = error.success ? error.data.reason : undefined;
  const message = error.success ? error.data.message : undefined;
  const official = [reason, message].filter(Boolean).join(': ');
  const suffix = official ? ` (${official})` : '';
  if (response.status === 401 || response.status === 403) {
    // A rejected key (wrong key, or a key not registered for this server's IP) breaks every call.
    return new GameAdapterError(
      'unavailable',
      `The official API refused the hub's API key for ${what}${suffix}; check the key and its allowed IP addresses`,
      { status: response.status, reason },
    );
  }
  return new GameAdapterError('bad_response', `Unexpected HTTP ${response.status} for ${what}${suffix}`, {
    status: response.status,
    reason,
  });
}
