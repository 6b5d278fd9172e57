import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors/domain-error.js';
import type { AuthService } from './auth-service.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Decorates `app.authenticate`, the preHandler every protected route reuses. */
export function registerAuthenticate(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  // The socket server checks tokens with the same service (player tokens included once wired).
  app.decorate('verifyAccessToken', async (token: string) => (await auth.authenticate(token)).id);
  app.decorate('authenticate', async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
    request.user = await auth.authenticate(match[1]);
  });
}
