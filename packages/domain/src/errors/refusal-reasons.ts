import type { ErrorRoute } from './error-codes.js';

/**
 * Refusals whose reason the player is told in words (issue 31): the spec's error page for a
 * check-in (9/10 "Tournament Check-In failed") says only that it failed, so the page also names why.
 * `ACCOUNT_SUSPENDED` is the server's `meta.reason` of a suspended account's 401.
 */
export const REFUSAL_REASONS = [
  'ROSTER_NOT_IN_SEGMENT',
  'CHECK_IN_WINDOW_CLOSED',
  'NOT_ROSTER_OWNER',
  'ROSTER_ALREADY_CHECKED_IN',
  'CHECK_IN_DATA_MISSING',
  'MATCH_CHECK_IN_NOT_OPEN',
  'ACCOUNT_SUSPENDED',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export function isRefusalReason(value: unknown): value is RefusalReason {
  return typeof value === 'string' && (REFUSAL_REASONS as readonly string[]).includes(value);
}

/** The reason of a refusal's first error: its `meta.reason` when it names one, else its code. */
export function refusalReason(
  first: { code?: string | null; meta?: Record<string, unknown> | null } | null | undefined,
): RefusalReason | null {
  const reason = first?.meta?.reason;
  if (isRefusalReason(reason)) return reason;
  return isRefusalReason(first?.code) ? first.code : null;
}

/** The error page with its reason as `?reason=` (the page shows it); the page alone without one. */
export function routeWithReason(
  route: ErrorRoute,
  reason: RefusalReason | null,
): ErrorRoute | `${ErrorRoute}?reason=${RefusalReason}` {
  return reason ? `${route}?reason=${reason}` : route;
}
