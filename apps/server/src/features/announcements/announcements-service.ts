import type { AnnouncementSettingsBody, AnnouncementSettingsDocument } from '@cwh/contract';
import { isAllowedWebhookUrl, isLocale, maskWebhookUrl } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { DomainError, notFound } from '../../errors/domain-error.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Audited } from '../activity-log/audit.js';
import { queueAnnouncement } from './announcement-queue.js';
import type { AnnouncementsConfig } from './announcements-config.js';
import {
  type AnnouncementRow,
  type AnnouncementSettingsRow,
  createAnnouncementsRepository,
} from './announcements-repository.js';

const RECENT = 10;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the activity log keeps of the settings: the address masked, never in full. */
const logged = (row: { webhookUrl: string; locale: string } | null) =>
  row ? { webhookUrl: maskWebhookUrl(row.webhookUrl), locale: row.locale } : null;

function deliveryOf(row: AnnouncementRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  };
}

function documentOf(
  eventId: string,
  settings: AnnouncementSettingsRow | null,
  recent: AnnouncementRow[],
): AnnouncementSettingsDocument {
  const locale = settings && isLocale(settings.locale) ? settings.locale : 'en';
  return {
    data: {
      id: eventId,
      type: 'event-announcements',
      attributes: {
        webhookUrl: settings ? maskWebhookUrl(settings.webhookUrl) : null,
        locale,
        lastDeliveredAt: iso(settings?.lastDeliveredAt ?? null),
        lastFailure:
          settings?.lastFailureAt && settings.lastFailureDetail
            ? {
                at: settings.lastFailureAt.toISOString(),
                status: settings.lastFailureStatus,
                detail: settings.lastFailureDetail,
              }
            : null,
        recent: recent.map(deliveryOf),
      },
    },
  };
}

/**
 * The organizer's side of event announcements (issue #34): read (masked), set or remove the
 * webhook and the messages' language, and queue a test message. Callers checked `event:manage`.
 */
export function createAnnouncementsService(deps: {
  db: Db;
  /** The app's job queue: a test message's delivery job. */
  announcementJobs: JobQueue;
  audited: Audited;
  config: AnnouncementsConfig;
  now: () => Date;
}) {
  const repo = createAnnouncementsRepository(deps.db);

  async function read(eventId: string): Promise<AnnouncementSettingsDocument> {
    if (!(await repo.eventExists(eventId))) throw notFound('event', eventId);
    return documentOf(eventId, await repo.settings(eventId), await repo.recent(eventId, RECENT));
  }

  async function save(
    request: FastifyRequest,
    eventId: string,
    input: AnnouncementSettingsBody['data']['attributes'],
  ): Promise<AnnouncementSettingsDocument> {
    if (!(await repo.eventExists(eventId))) throw notFound('event', eventId);
    const url = input.webhookUrl;
    if (typeof url === 'string' && !isAllowedWebhookUrl(url, deps.config.webhookBases)) {
      // The detail never repeats the address: it is a secret, and errors are logged.
      throw new DomainError(
        'VALIDATION_FAILED',
        'Not a Discord webhook address (https://discord.com/api/webhooks/{id}/{token})',
        { source: { pointer: '/data/attributes/webhookUrl' } },
      );
    }
    await deps.audited(request, async (tx, record) => {
      const before = await repo.settings(eventId, tx);
      const kept = url === undefined ? before?.webhookUrl : url;
      if (kept === undefined) {
        throw new DomainError('VALIDATION_FAILED', 'This event has no webhook yet: give its address', {
          source: { pointer: '/data/attributes/webhookUrl' },
        });
      }
      const updatedAt = deps.now();
      if (kept === null) await repo.removeSettings(eventId, tx);
      else if (before?.webhookUrl === kept) await repo.saveLocale(eventId, input.locale, updatedAt, tx);
      else await repo.saveSettings(eventId, { webhookUrl: kept, locale: input.locale, updatedAt }, tx);
      await record({
        action: 'event.announcements.update',
        targetType: 'events',
        targetId: eventId,
        eventId,
        before: logged(before),
        after: logged(kept === null ? null : { webhookUrl: kept, locale: input.locale }),
      });
    });
    return read(eventId);
  }

  /** Queues a test message to the event's webhook (CONFLICT when none is set). */
  async function sendTest(request: FastifyRequest, eventId: string): Promise<AnnouncementSettingsDocument> {
    if (!(await repo.eventExists(eventId))) throw notFound('event', eventId);
    await deps.audited(request, async (tx, record) => {
      const id = await queueAnnouncement(
        deps,
        tx,
        {
          eventId,
          kind: 'test',
          params: async (locale) => ({ event: await repo.eventName(eventId, locale, tx) }),
        },
        deps.now(),
      );
      if (!id) throw new DomainError('CONFLICT', 'Set a webhook for this event first');
      await record({
        action: 'event.announcements.test',
        targetType: 'events',
        targetId: eventId,
        eventId,
        after: { announcementId: id },
      });
    });
    return read(eventId);
  }

  return { read, save, sendTest };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
