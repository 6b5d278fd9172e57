import { TOKEN_REFRESH_LEAD_MS } from '../constants.js';
import type { Token } from '../entities/check-in.js';
import type { Instant } from '../entities/common.js';
import { toMillis } from '../time/instant.js';

/**
 * The longest delay a browser or Node timer holds (2^31 - 1 ms, about 24.8 days). A longer delay
 * overflows and fires after 1 ms, so a long-lived token would be refreshed in a tight loop.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * Delay before refreshing a token: one minute before it expires, at once if that moment has passed,
 * and never more than a timer can hold (the caller re-checks when a clamped timer fires).
 */
export function tokenRefreshDelayMs(token: Pick<Token, 'expires'>, now: Instant): number {
  const delay = toMillis(token.expires) - TOKEN_REFRESH_LEAD_MS - toMillis(now);
  return Number.isFinite(delay) ? Math.min(MAX_TIMER_DELAY_MS, Math.max(0, delay)) : 0;
}
