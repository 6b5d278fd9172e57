import { type AdminAction, canPerform } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { createOrganizerRepository } from './organizer-repository.js';

/**
 * The one place a platform call decides whether the caller may act: the user's permissions
 * (loaded with the token, so a role change applies at once) plus, for `event:manage`, whether
 * they organize the targeted event. Routes call it after `app.authenticate`.
 */
export function createAccess(db: Executor) {
  const may = createAccessCheck(db);
  return async function requireAccess(
    request: FastifyRequest,
    action: AdminAction,
    eventId?: string,
  ): Promise<AuthUser> {
    const user = request.user;
    if (!user) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
    if (!(await may(user, action, eventId))) throw new DomainError('FORBIDDEN', `Not allowed: ${action}`);
    return user;
  };
}

/**
 * The same decision as `requireAccess`, answered instead of thrown: for calls where staff act more
 * directly than other callers (the rosters' lineups: staff place players, owners invite them).
 */
export function createAccessCheck(db: Executor) {
  const organizers = createOrganizerRepository(db);
  return async function may(user: AuthUser | null, action: AdminAction, eventId?: string): Promise<boolean> {
    if (!user) return false;
    const organizesEvent =
      action === 'event:manage' && eventId !== undefined && user.permissions.includes('organizer')
        ? await organizers.organizes(user.id, eventId)
        : false;
    return canPerform(user.permissions, action, { organizesEvent });
  };
}
export type AccessCheck = ReturnType<typeof createAccessCheck>;
export type RequireAccess = ReturnType<typeof createAccess>;
