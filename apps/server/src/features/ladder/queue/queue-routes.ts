import { queueJoinBody, queueParams, queueStatusDocument } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../../errors/domain-error.js';
import { queueEntryResource } from '../ladder-mappers.js';
import type { LadderService } from '../ladder-service.js';

/** `/api/matches/1.0/queue/{rosterId}`: status, join, leave (roster owner only). */
export function queueRoutes(
  ladder: LadderService,
  /** `startedAt`: performance.now() when the join request arrived (its join → found is measured). */
  afterJoin: (entry: { id: string; status: string }, startedAt: number) => void,
): FastifyPluginAsyncZod {
  return async (app) => {
    const caller = (request: { user: { id: string; permissions: string[] } | null }) => {
      if (!request.user) throw new DomainError('UNAUTHENTICATED');
      return request.user;
    };
    const answer = (entry: Parameters<typeof queueEntryResource>[0] | null) => ({
      data: entry ? queueEntryResource(entry) : null,
    });
    app.get(
      '/queue/:rosterId/status',
      {
        preHandler: app.authenticate,
        schema: { params: queueParams, response: { 200: queueStatusDocument } },
      },
      async (request) => answer(await ladder.status(request.params.rosterId, caller(request))),
    );
    app.post(
      '/queue/:rosterId/join',
      {
        preHandler: app.authenticate,
        schema: { params: queueParams, body: queueJoinBody, response: { 200: queueStatusDocument } },
      },
      async (request, reply) => {
        const entry = await ladder.join(
          request.params.rosterId,
          caller(request),
          request.tenant,
          request.body.data.attributes.playerTags,
        );
        // The join committed: try to pair this entry right away (newcomer-first matching).
        if (entry.status === 'waiting') afterJoin(entry, performance.now() - reply.elapsedTime);
        return answer(entry);
      },
    );
    app.post(
      '/queue/:rosterId/leave',
      {
        preHandler: app.authenticate,
        schema: { params: queueParams, response: { 200: queueStatusDocument } },
      },
      async (request) => answer(await ladder.leave(request.params.rosterId, caller(request))),
    );
  };
}
