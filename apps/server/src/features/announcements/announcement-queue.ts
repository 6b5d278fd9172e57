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
 * The job queues of the running apps, by database: announcements are queued by code that has the
 * database but not the app (the brackets' services), as check-in deadlines are. Every app on a
 * database sends to the same pg-boss tables, so any live one will do.
 */
const queues = new WeakMap<object, Set<JobQueue>>();

export function registerAnnouncementQueue(db: Db, jobs: JobQueue): () => void {
  const set = queues.get(db) ?? new Set<JobQueue>();
  queues.set(db, set);
  set.add(jobs);
  return () => set.delete(jobs);
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
 * job: a webhook that fails or hangs never holds or undoes the change. Without a running app on the
 * database (the seed) the row waits, and the next app's start sends its job. Answers the id, or
 * null when the event has no webhook.
 */
export async function queueAnnouncement(
  db: Db,
  tx: Executor,
  announcement: QueuedAnnouncement,
  at: Date,
): Promise<string | null> {
  const repo = createAnnouncementsRepository(db);
  const settings = await repo.settings(announcement.eventId, tx);
  if (!settings) return null;
  const params = await announcement.params(settings.locale, repo);
  const id = await repo.insert(
    { eventId: announcement.eventId, kind: announcement.kind, params, createdAt: at },
    tx,
  );
  const jobs = [...(queues.get(db) ?? [])][0];
  if (jobs) await sendDeliveryJob(jobs, id, { tx });
  return id;
}
