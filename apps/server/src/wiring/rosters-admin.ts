import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { createAudit } from '../features/activity-log/audit.js';
import type { WithdrawnRoster } from '../features/clan/clan-context.js';
import { rostersAdminRoutes } from '../features/rosters-admin/rosters-admin-routes.js';
import type { TransactionHook } from '../lib/transaction-hooks.js';

/** The organizer console's rosters, check-in review and seeding (after the ladder added its withdrawal hook). */
export async function registerRostersAdmin(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; rosterWithdrawnHooks: readonly TransactionHook<WithdrawnRoster>[] },
): Promise<void> {
  const audited = createAudit(deps.db, deps.now);
  await app.register(
    rostersAdminRoutes(deps.db, { audited, now: deps.now, rosterWithdrawnHooks: deps.rosterWithdrawnHooks }),
    { prefix: API.tournaments },
  );
}
