import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { activityLogRoutes } from '../activity-log/activity-log-routes.js';
import { createAudit } from '../activity-log/audit.js';
import { mailOutboxRoutes } from '../mail/mail-outbox-routes.js';
import { createMailer } from '../mail/mailer.js';
import { accountRoutes } from '../users/account-routes.js';
import { createAccountService } from '../users/account-service.js';
import { userAdminRoutes } from '../users/user-admin-routes.js';
import { createUserAdminService } from '../users/user-admin-service.js';
import { eventAdminRoutes } from './event-admin-routes.js';
import { segmentAdminRoutes } from './segment-admin-routes.js';

export interface AdminDeps {
  db: Db;
  now: () => Date;
  mail: { smtpUrl: string | undefined; from: string };
}

/** The platform side of spec §7: organizer and support calls, all audited. */
export async function registerAdmin(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  const audited = createAudit(deps.db, deps.now);
  await app.register(eventAdminRoutes(deps.db, audited), { prefix: API.tournaments });
  await app.register(segmentAdminRoutes(deps.db, audited), { prefix: API.tournaments });
  await app.register(activityLogRoutes(deps.db), { prefix: API.users });
  const mailer = createMailer({ ...deps.mail, now: deps.now });
  const users = createUserAdminService(deps.db, audited, mailer, deps.now);
  await app.register(userAdminRoutes(deps.db, users), { prefix: API.users });
  await app.register(accountRoutes(createAccountService(deps.db, audited, users, deps.now)), {
    prefix: API.users,
  });
  await app.register(mailOutboxRoutes(deps.db), { prefix: API.users });
}
