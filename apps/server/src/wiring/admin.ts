import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { activityLogRoutes } from '../features/activity-log/activity-log-routes.js';
import { createAudit } from '../features/activity-log/audit.js';
import { eventAdminRoutes } from '../features/admin/event-admin-routes.js';
import { segmentAdminRoutes } from '../features/admin/segment-admin-routes.js';
import { registerAnnouncements } from '../features/announcements/register-announcements.js';
import { mailOutboxRoutes } from '../features/mail/mail-outbox-routes.js';
import { createMailer } from '../features/mail/mailer.js';
import { teamRoutes } from '../features/teams/team-routes.js';
import { avatarRoutes } from '../features/uploads/avatar-routes.js';
import { createDatabaseImageStore } from '../features/uploads/image-store.js';
import { accountRoutes } from '../features/users/account-routes.js';
import { createAccountService } from '../features/users/account-service.js';
import { userAdminRoutes } from '../features/users/user-admin-routes.js';
import { createUserAdminService } from '../features/users/user-admin-service.js';
import { userContactsRoutes } from '../features/users/user-contacts-routes.js';
import { createUserContactsService } from '../features/users/user-contacts-service.js';

export interface AdminDeps {
  db: Db;
  now: () => Date;
  mail: { smtpUrl: string | undefined; from: string; publicUrl: string };
}

/** The platform side of spec §7: organizer and support calls, all audited. */
export async function registerAdmin(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  const audited = createAudit(deps.db, deps.now);
  await app.register(eventAdminRoutes(deps.db, audited), { prefix: API.tournaments });
  await app.register(segmentAdminRoutes(deps.db, audited), { prefix: API.tournaments });
  // Event announcements to the community's chat (issue #34): settings routes and the delivery job.
  await registerAnnouncements(app, { db: deps.db, config: app.config.announcements, now: deps.now });
  await app.register(activityLogRoutes(deps.db), { prefix: API.users });
  const mailer = createMailer({ ...deps.mail, now: deps.now });
  const users = createUserAdminService(deps.db, audited, mailer, deps.now);
  await app.register(userAdminRoutes(deps.db, users), { prefix: API.users });
  await app.register(accountRoutes(createAccountService(deps.db, audited, users, deps.now)), {
    prefix: API.users,
  });
  await app.register(mailOutboxRoutes(deps.db), { prefix: API.users });
  const contacts = createUserContactsService(deps.db, audited, mailer, deps.now);
  await app.register(userContactsRoutes(deps.db, contacts), { prefix: API.users });
  const images = createDatabaseImageStore(deps.db);
  await app.register(avatarRoutes(deps.db, images, audited, deps.now), { prefix: API.users });
  await app.register(teamRoutes(deps.db, audited, deps.now), { prefix: API.tournaments });
}
