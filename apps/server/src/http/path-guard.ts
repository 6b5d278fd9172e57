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
  if (path.split('/').some((segment) => segment.length > MAX_PATH_SEGMENT)) {
    return `A path segment must not be longer than ${MAX_PATH_SEGMENT} characters`;
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
