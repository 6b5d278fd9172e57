import { DomainError } from '../../errors/domain-error.js';

/** A refresh token as found, locked, by its hash. */
export interface FoundRefresh {
  id: string;
  sessionId: string | null;
  expiresAt: Date;
  spentAt: Date | null;
}

/** What presenting a refresh token does (RFC 9700 §4.14.2: rotation with reuse detection). */
export type RefreshVerdict =
  /** Unknown, expired, or ended with its session: nothing changes. */
  | { kind: 'invalid' }
  /** Rotated already: the token leaked (its owner or a thief rotated it), the whole family ends. */
  | { kind: 'reused'; sessionId: string | null }
  /** Live: it is spent, the family's access tokens end, a new pair is issued in the same family. */
  | { kind: 'rotate'; sessionId: string | null };

export function refreshVerdict(found: FoundRefresh | null, now: Date): RefreshVerdict {
  if (!found) return { kind: 'invalid' };
  if (found.spentAt) return { kind: 'reused', sessionId: found.sessionId };
  if (found.expiresAt <= now) return { kind: 'invalid' };
  return { kind: 'rotate', sessionId: found.sessionId };
}

/**
 * The refusal of a refresh, thrown after its transaction committed: the end of a reused token's
 * family must be written even though the request is refused.
 */
export function refreshRefusal(kind: 'invalid' | 'reused'): DomainError {
  return kind === 'reused'
    ? new DomainError(
        'UNAUTHENTICATED',
        'This refresh token was already used: the session has ended, sign in again',
        {
          meta: { reason: 'REFRESH_TOKEN_REUSED' },
        },
      )
    : new DomainError('UNAUTHENTICATED', 'Refresh token is invalid or expired');
}
