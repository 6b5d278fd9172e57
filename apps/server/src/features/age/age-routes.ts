import { ageGateBody, ageGateDocument } from '@cwh/contract';
import { ageInYears } from '@cwh/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { createUserRepository } from '../auth/user-repository.js';
import { createPlayerRepository } from '../players/player-repository.js';
import { storeDateOfBirth } from './date-of-birth.js';

export interface AgeGateOptions {
  /** Under this age (whole years) a player is gated. Config MIN_AGE, default 13. */
  minimumAge: number;
  now: () => Date;
}

/**
 * Age service under /api/age/1.0. 200 = gated (under age), 204 = not gated. An unknown date of
 * birth is not gated: the web asks for it in the age step before anything else.
 */
export function ageRoutes(db: Db, options: AgeGateOptions): FastifyPluginAsyncZod {
  const players = createPlayerRepository(db);
  const usersRepo = createUserRepository(db);

  async function storedDateOfBirth(request: FastifyRequest): Promise<string | null> {
    const userId = request.user?.id ?? request.player?.userId ?? null;
    if (userId) {
      const user = await usersRepo.getById(userId);
      if (user.dateOfBirth) return user.dateOfBirth;
    }
    return request.player ? players.getProfileDateOfBirth(request.player.tag) : null;
  }

  function answer(reply: FastifyReply, dateOfBirth: string | null) {
    const age = ageInYears(dateOfBirth, options.now());
    if (age === null || age >= options.minimumAge) return reply.status(204).send();
    return reply.status(200).send({
      data: {
        id: 'age-gate',
        type: 'age-gates' as const,
        attributes: { gated: true as const, minimumAge: options.minimumAge, age },
      },
    });
  }

  return async (app) => {
    const security = [{ bearer: [] }];
    app.get(
      '/age-gate',
      {
        preHandler: app.authenticatePlayer,
        schema: { tags: ['age'], security, response: { 200: ageGateDocument } },
      },
      async (request, reply) => answer(reply, await storedDateOfBirth(request)),
    );

    app.post(
      '/age-gate',
      {
        preHandler: app.authenticatePlayer,
        schema: { tags: ['age'], security, body: ageGateBody, response: { 200: ageGateDocument } },
      },
      async (request, reply) => {
        const { dateOfBirth } = request.body.data.attributes;
        const now = options.now();
        if (dateOfBirth > now.toISOString().slice(0, 10) || dateOfBirth < '1900-01-01') {
          throw new DomainError('VALIDATION_FAILED', 'dateOfBirth must be a past date after 1900', {
            source: { pointer: '/data/attributes/dateOfBirth' },
          });
        }
        // The answer is final: a player cannot retry with an older date once gated.
        const stored = await storedDateOfBirth(request);
        if (stored && stored !== dateOfBirth) {
          throw new DomainError('CONFLICT', 'The date of birth cannot be changed once answered', {
            source: { pointer: '/data/attributes/dateOfBirth' },
          });
        }
        await storeDateOfBirth(
          { db, now: () => now },
          {
            userId: request.user?.id ?? request.player?.userId ?? null,
            playerTag: request.player?.tag ?? null,
            dateOfBirth,
          },
        );
        return answer(reply, dateOfBirth);
      },
    );
  };
}
