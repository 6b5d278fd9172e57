import {
  errorRouteFor,
  GENERIC_ERROR_ROUTE,
  isAltWarMode,
  refusalReason,
  routeWithReason,
} from '@cwh/domain';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporter';

/**
 * Spec 8: every failed team call routes to its error page; unknown failures to /error. Logged. A
 * refusal that names its reason (a suspended account) carries it to the page (`?reason=`).
 */
export function teamErrorRoute(error: unknown, options: { isChinese?: boolean } = {}) {
  void reportError(error);
  if (!(error instanceof ApiError)) return GENERIC_ERROR_ROUTE;
  const first = error.errors[0];
  const hint = { code: first?.code ?? null, detail: first?.detail ?? null };
  const route = errorRouteFor(error.status, hint, {
    isChinaRegion: options.isChinese ?? false,
    // Locking while the clan is in a friendly war: 14, in a clan war: 18 (spec 8 mode switch).
    altMode: isAltWarMode(first?.meta),
    teamCodes: true,
    genericFallback: true,
  })!;
  return routeWithReason(route, refusalReason(first));
}
