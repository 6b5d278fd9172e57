import { TOKEN_REFRESH_LEAD_MS } from '../constants.js';
import type { Token } from '../entities/check-in.js';
import type { Instant } from '../entities/common.js';
import { toMillis } from '../time/instant.js';

/** Delay before refreshing a token: one minute before it expires, at once if that moment has passed. */
export function tokenRefreshDelayMs(token: Pick<Token, 'expires'>, now: Instant): number {
  const delay = toMillis(token.expires) - TOKEN_REFRESH_LEAD_MS - toMillis(now);
  return Number.isFinite(delay) ? Math.max(0, delay) : 0;
}
