import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createAudit } from '../activity-log/audit.js';
import { createAnnouncementDelivery } from './announcement-delivery.js';
import { DELIVER_JOB, sendDeliveryJob } from './announcement-queue.js';
import type { AnnouncementsConfig } from './announcements-config.js';
import { createAnnouncementsRepository } from './announcements-repository.js';
import { announcementsRoutes } from './announcements-routes.js';
import { createAnnouncementsService } from './announcements-service.js';

/** Announcements still pending at start whose jobs are sent again (the singleton key dedupes). */
const RESEND_AT_START = 1000;

/**
 * Event announcements to the community's chat (issue #34, docs/api/announcements.md): the organizer's
 * settings routes and the delivery job (the brackets' services queue through the stage deps' `announcementJobs`).
 */
export async function registerAnnouncements(
  app: FastifyInstance,
  deps: { db: Db; config: AnnouncementsConfig; now: () => Date },
): Promise<void> {
  const repo = createAnnouncementsRepository(deps.db);
  const delivery = createAnnouncementDelivery({ repo, jobs: app.jobs, config: deps.config, now: deps.now });
  app.jobs.register(
    DELIVER_JOB,
    async (payload) => {
      await delivery.deliver(payload.announcementId);
    },
    { policy: 'short' },
  );
  // Announcements queued while no app ran on the database get their jobs (after the queue started).
  app.addHook('onReady', async () => {
    try {
      for (const id of await repo.pendingIds(RESEND_AT_START)) await sendDeliveryJob(app.jobs, id);
    } catch (error) {
      app.log.warn({ err: error }, 'pending announcements not sent again');
    }
  });
  const service = createAnnouncementsService({
    db: deps.db,
    announcementJobs: app.jobs,
    audited: createAudit(deps.db, deps.now),
    config: deps.config,
    now: deps.now,
  });
  await app.register(announcementsRoutes(deps.db, service), { prefix: API.tournaments });
}
