import type { Db, Executor } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AnnouncementKind, AnnouncementParams } from './announcement-texts.js';
import { type AnnouncementsRepository, createAnnouncementsRepository } from './announcements-repository.js';

declare module '../../jobs/job-queue.js' {
  interface JobPayloads {
    /** Posts one queued announcement to its event's webhook; sends itself again for a retry. */
    'announcements.deliver': { announcementId: string };
  }
}

export const DELIVER_JOB = 'announcements.deliver';

/**
 * Where announcements are queued: the database, and the job queue that sends their delivery jobs,
 * handed at composition (app.ts: the brackets' stage deps; the announcements service). `null`: no
 * app runs on the database (the demo seed), the row waits and the next app's start sends its job.
 */
export interface AnnouncementQueue {
  db: Db;
  announcementJobs: JobQueue | null;
}

/** The delivery job of an announcement; its id is the singleton key (one waiting job each). */
export async function sendDeliveryJob(
  jobs: JobQueue,
  announcementId: string,
  options: { tx?: Executor; delaySeconds?: number } = {},
): Promise<void> {
  await jobs.send(DELIVER_JOB, { announcementId }, { ...options, singletonKey: announcementId });
}

export interface QueuedAnnouncement {
  eventId: string;
  kind: AnnouncementKind;
  /** The message's parameters, in the language the event's announcements are written in. */
  params: (locale: string, repo: AnnouncementsRepository) => Promise<AnnouncementParams>;
}

/**
 * Called in the transaction of the change that causes the announcement (a stage starts, a finals
 * result, an advancement): when the event has a webhook, writes the announcement and sends its
 * delivery job, both of which exist only if the change commits. The sending happens later, in the
 * job: a webhook that fails or hangs never holds or undoes the change. Without a job queue (the
 * seed) the row waits, and the next app's start sends its job. Answers the id, or null when the
 * event has no webhook.
 */
export async function queueAnnouncement(
  queue: AnnouncementQueue,
  tx: Executor,
  announcement: QueuedAnnouncement,
  at: Date,
): Promise<string | null> {
  const repo = createAnnouncementsRepository(queue.db);
  const settings = await repo.settings(announcement.eventId, tx);
  if (!settings) return null;
  const params = await announcement.params(settings.locale, repo);
  const id = await repo.insert(
    { eventId: announcement.eventId, kind: announcement.kind, params, createdAt: at },
    tx,
  );
  if (queue.announcementJobs) await sendDeliveryJob(queue.announcementJobs, id, { tx });
  return id;
}
