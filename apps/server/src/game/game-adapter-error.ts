/**
 * war_log_private is separate from unavailable because the hub shows the player a specific fix
 * (spec errors 21/22: "Public War Log must be enabled").
 */
export type GameAdapterErrorKind =
  | 'not_found'
  | 'invalid_token'
  | 'rate_limited'
  | 'unavailable'
  | 'bad_response'
  | 'not_supported'
  | 'war_log_private';

export interface GameAdapterErrorDetails {
  /** HTTP status of the last upstream response, when there was one. */
  status?: number;
  /** The official API's `reason` field, e.g. 'accessDenied.invalidIp'. */
  reason?: string;
  /** How many requests were made before giving up. */
  attempts?: number;
  /** How long the API asked to wait (Retry-After) before trying again, when it said. */
  retryAfterMs?: number | null;
  cause?: unknown;
}

export class GameAdapterError extends Error {
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly attempts: number | undefined;
  readonly retryAfterMs: number | null;

  constructor(
    readonly kind: GameAdapterErrorKind,
    message: string,
    details: GameAdapterErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GameAdapterError';
    this.status = details.status;
    this.reason = details.reason;
    this.attempts = details.attempts;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

export function isGameAdapterError(error: unknown, kind?: GameAdapterErrorKind): error is GameAdapterError {
  return error instanceof GameAdapterError && (kind === undefined || error.kind === kind);
}
