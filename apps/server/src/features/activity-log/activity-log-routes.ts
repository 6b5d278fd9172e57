import {
  activityLogGroupListDocument,
  activityLogListDocument,
  activityLogQuery,
  userIdParams,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { identifier, isoSeconds, pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { createUserAliases } from '../auth/user-aliases.js';
import { type ActivityLogRow, createActivityLogRepository } from './activity-log-repository.js';

function toResource(row: ActivityLogRow, userAlias: string | null) {
  return {
    id: row.id,
    type: 'activity-logs' as const,
    attributes: {
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      eventId: row.eventId,
      ipAddress: row.ipAddress,
      createdAt: isoSeconds(row.at),
      before: row.before,
      after: row.after,
      userAlias,
    },
    relationships: { user: { data: row.userId ? identifier('users', row.userId) : null } },
  };
}

/** `filter[target]` is an id, or `type:id` to narrow to one kind of target. */
function targetFilter(value: string | undefined) {
  if (!value) return {};
  const colon = value.indexOf(':');
  if (colon < 0) return { targetId: value };
  return { targetType: value.slice(0, colon), targetId: value.slice(colon + 1) || undefined };
}

/** GET /activity-log and /activity-log/groups/users/{userId} under /api/users/1.0 (admin, support). */
export function activityLogRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = createActivityLogRepository(db);
  const requireAccess = createAccess(db);
  const namesOf = createUserAliases(db);
  return async (app) => {
    app.get(
      '/activity-log',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['activity-log'],
          security: [{ bearer: [] }],
          querystring: activityLogQuery,
          response: { 200: activityLogListDocument },
        },
      },
      async (request) => {
        await requireAccess(request, 'activity-log:read');
        const q = request.query;
        const page = pageRequest(q);
        const { rows, total } = await repo.list(
          {
            userId: q['filter[user]'],
            action: q['filter[action]'],
            ...targetFilter(q['filter[target]']),
            from: q['filter[date.from]'] ? new Date(q['filter[date.from]']) : undefined,
            to: q['filter[date.to]'] ? new Date(q['filter[date.to]']) : undefined,
          },
          page,
        );
        const names = await namesOf(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
        return {
          data: rows.map((row) =>
            toResource(row, row.userId ? (names.get(row.userId)?.alias ?? null) : null),
          ),
          meta: pageMeta(page, total),
        };
      },
    );

    app.get(
      '/activity-log/groups/users/:userId',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['activity-log'],
          security: [{ bearer: [] }],
          params: userIdParams,
          response: { 200: activityLogGroupListDocument },
        },
      },
      async (request) => {
        await requireAccess(request, 'activity-log:read');
        const { userId } = request.params;
        const groups = await repo.groupsByIp(userId);
        return {
          data: groups.map((g) => ({
            id: `${userId}:${g.ipAddress}`,
            type: 'activity-log-groups' as const,
            attributes: {
              ipAddress: g.ipAddress,
              date: { from: isoSeconds(new Date(g.from!)), to: isoSeconds(new Date(g.to!)) },
              count: g.count,
            },
            relationships: { user: { data: identifier('users', userId) } },
          })),
        };
      },
    );
  };
}
