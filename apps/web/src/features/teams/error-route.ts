import { type ErrorRoute, errorRouteFor, GENERIC_ERROR_ROUTE, isAltWarMode } from '@cwh/domain';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporter';

/** Spec 8: every failed team call routes to its error page; unknown failures to /error. Logged. */
export function teamErrorRoute(error: unknown, options: { isChinese?: boolean } = {}): ErrorRoute {
  void reportError(error);
  if (!(error instanceof ApiError)) return GENERIC_ERROR_ROUTE;
  const first = error.errors[0];
  const hint = { code: first?.code ?? null, detail: first?.detail ?? null };
  return errorRouteFor(error.status, hint, {
    isChinaRegion: options.isChinese ?? false,
    // Locking while the clan is in a friendly war: 14, in a clan war: 18 (spec 8 mode switch).
    altMode: isAltWarMode(first?.meta),
    teamCodes: true,
    genericFallback: true,
  })!;
}
