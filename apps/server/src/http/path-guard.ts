import type { FastifyInstance } from 'fastify';
import { sendErrors } from './error-handler.js';

/** Longer than any file name or id we serve; most file systems refuse more. */
export const MAX_PATH_SEGMENT = 255;

/**
 * Why a request path is refused before routing, or null. Encoded NUL (%00) and backslashes (%5C,
 * "\") reach the file system through the static server and answered 500; a segment over 255
 * characters did too (ENAMETOOLONG), and long API parameters would only be refused later.
 */
export function unsafePathReason(url: string): string | null {
  const path = url.split('?')[0] ?? url;
  if (/%00|\0/i.test(path)) return 'The path must not contain NUL characters';
  if (/%5c|\\/i.test(path)) return 'The path must not contain backslashes';
  const segments = path.split('/');
  if (segments.some((segment) => segment.length > MAX_PATH_SEGMENT)) {
    return `A path segment must not be longer than ${MAX_PATH_SEGMENT} characters`;
  }
  return nonCanonicalPathReason(segments);
}

/** Unreserved characters (RFC 3986 §2.3): a canonical path never percent-encodes them. */
const ENCODED_UNRESERVED = /%(4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|3[0-9]|2d|2e|5f|7e)/i;

/**
 * Gates and caches read the path as sent, the router decodes it: `/api/%73imulator`, `//api/…`,
 * `/x/../api/…` or `/./api/…` would reach a route whose gate looked at another path. Only the
 * canonical spelling of a path is served (RFC 3986 §6.2.2: unreserved characters not encoded, no dot
 * segments, no empty segment but a trailing one); any other spelling is refused, so every route is
 * reached through one path and its one access check.
 */
function nonCanonicalPathReason(segments: readonly string[]): string | null {
  if (segments.some((segment) => ENCODED_UNRESERVED.test(segment))) {
    return 'The path must not percent-encode letters, digits or -._~';
  }
  if (segments.some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) {
    return 'The path must not contain . or .. segments';
  }
  // segments[0] is the empty text before the leading slash; the last may be empty (trailing slash).
  if (segments.slice(1, -1).some((segment) => segment === '')) {
    return 'The path must not contain empty segments (//)';
  }
  return null;
}

export function registerPathGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const reason = unsafePathReason(request.url);
    if (!reason) return;
    return sendErrors(request, reply, 400, [
      { status: '400', code: 'VALIDATION_FAILED', title: 'Validation failed', detail: reason },
    ]);
  });
}
