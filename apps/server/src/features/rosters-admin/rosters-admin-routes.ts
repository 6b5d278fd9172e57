import {
  adminRosterDocument,
  adminRosterListDocument,
  adminRosterListQuery,
  checkinReviewDocument,
  extendWindowBody,
  idParams,
  moveRosterBody,
  ROSTERS_ADMIN_PATHS as P,
  readmitBody,
  rosterTeamBody,
  seedingDocument,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import type { TransactionHook } from '../../lib/transaction-hooks.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import type { WithdrawnRoster } from '../clan/clan-context.js';
import { createCheckinReviewService } from './checkin-review-service.js';
import { createRostersAdminService } from './rosters-admin-service.js';
import { createSeedingService } from './seeding-service.js';

const schemaBase = { tags: ['rosters-admin'], security: [{ bearer: [] }] };

/**
 * The organizer console's rosters, check-in review and seeding under /api/tournaments/1.0/admin
 * (docs/api/rosters-admin.md): organizers of the event and admins; every write audited.
 */
export function rostersAdminRoutes(
  db: Db,
  deps: {
    audited: Audited;
    now: () => Date;
    rosterWithdrawnHooks: readonly TransactionHook<WithdrawnRoster>[];
  },
): FastifyPluginAsyncZod {
  const base = { db, requireAccess: createAccess(db), ...deps };
  const rosters = createRostersAdminService(base);
  const review = createCheckinReviewService(base);
  const seeding = createSeedingService(base);
  const reviewDoc = (segmentId: string, attributes: Awaited<ReturnType<typeof review.get>>) => ({
    data: { id: segmentId, type: 'checkin-reviews' as const, attributes },
  });

  return async (app) => {
    const secured = { preHandler: app.authenticate };
    const rosterDoc = { params: idParams, response: { 200: adminRosterDocument } };

    app.get(
      P.rosters,
      {
        ...secured,
        schema: {
          ...schemaBase,
          querystring: adminRosterListQuery,
          response: { 200: adminRosterListDocument },
        },
      },
      async (request) => {
        const q = request.query;
        const page = pageRequest(q);
        const { data, total } = await rosters.list(
          request,
          {
            eventId: q['filter[event]'],
            segmentId: q['filter[segment]'],
            teamId: q['filter[team]'],
            search: q['filter[search]'],
          },
          page,
        );
        return { data, meta: pageMeta(page, total) };
      },
    );

    app.get(
      '/admin/rosters/:id',
      { ...secured, schema: { ...schemaBase, ...rosterDoc } },
      async (request) => ({
        data: await rosters.get(request, request.params.id),
      }),
    );

    app.post(P.lock, { ...secured, schema: { ...schemaBase, ...rosterDoc } }, async (request) => ({
      data: await rosters.lock(request, request.params.id),
    }));
    app.post(P.unlock, { ...secured, schema: { ...schemaBase, ...rosterDoc } }, async (request) => ({
      data: await rosters.unlock(request, request.params.id),
    }));
    app.post(P.withdraw, { ...secured, schema: { ...schemaBase, ...rosterDoc } }, async (request) => ({
      data: await rosters.withdraw(request, request.params.id),
    }));
    app.patch(
      P.move,
      { ...secured, schema: { ...schemaBase, ...rosterDoc, body: moveRosterBody } },
      async (request) => ({
        data: await rosters.move(request, request.params.id, request.body.data.id),
      }),
    );
    app.patch(
      P.team,
      { ...secured, schema: { ...schemaBase, ...rosterDoc, body: rosterTeamBody } },
      async (request) => ({
        data: await rosters.setTeam(request, request.params.id, request.body.data?.id ?? null),
      }),
    );

    const reviewSchema = { params: idParams, response: { 200: checkinReviewDocument } };
    app.get(P.checkinReview, { ...secured, schema: { ...schemaBase, ...reviewSchema } }, async (request) =>
      reviewDoc(request.params.id, await review.get(request, request.params.id)),
    );
    app.post(
      P.readmit,
      { ...secured, schema: { ...schemaBase, ...reviewSchema, body: readmitBody } },
      async (request) =>
        reviewDoc(
          request.params.id,
          await review.readmit(request, request.params.id, request.body.data.attributes),
        ),
    );
    app.post(
      P.extend,
      { ...secured, schema: { ...schemaBase, ...reviewSchema, body: extendWindowBody } },
      async (request) =>
        reviewDoc(
          request.params.id,
          await review.extend(request, request.params.id, request.body.data.attributes.to),
        ),
    );
    app.post(P.continueWithout, { ...secured, schema: { ...schemaBase, ...reviewSchema } }, async (request) =>
      reviewDoc(request.params.id, await review.continueWithout(request, request.params.id)),
    );

    app.get(
      P.seeding,
      { ...secured, schema: { ...schemaBase, params: idParams, response: { 200: seedingDocument } } },
      async (request) => ({
        data: {
          id: request.params.id,
          type: 'seedings' as const,
          attributes: await seeding.get(request, request.params.id),
        },
      }),
    );
  };
}
