import { LOCALES } from '@cwh/domain';
import { document, requestBody, resource } from './jsonapi.js';
import * as z from './safe-zod.js';

/**
 * An event's announcements to the community's chat (issue #34), under
 * /api/tournaments/1.0/events/{id}/announcements: the organizer's Discord webhook (a secret the API
 * never answers in full), the language of the messages, and the latest deliveries with their
 * failures. The webhook must be a Discord webhook (or under a base the deployment allows).
 */
export const announcementSettingsInput = z.object({
  /**
   * The webhook address. Omitted: the current one stays (the console never knows it in full, so it
   * changes the language alone this way); null: no announcements for this event (it is forgotten).
   */
  webhookUrl: z.string().trim().min(1).max(500).nullable().optional(),
  locale: z.enum(LOCALES).default('en'),
});
export const announcementSettingsBody = requestBody(announcementSettingsInput);

export const announcementKind = z.enum(['stageStarted', 'finalsResult', 'advancement', 'test']);
export const announcementStatus = z.enum(['pending', 'sent', 'failed']);

export const announcementDelivery = z.object({
  id: z.string(),
  kind: announcementKind,
  status: announcementStatus,
  attempts: z.number().int(),
  /** The webhook's last HTTP status (null: none yet, or no answer). */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const announcementSettingsResource = resource(
  'event-announcements',
  z.object({
    /** The webhook, masked (its token's last four characters); null: none set. */
    webhookUrl: z.string().nullable(),
    locale: z.enum(LOCALES),
    lastDeliveredAt: z.string().nullable(),
    lastFailure: z
      .object({ at: z.string(), status: z.number().int().nullable(), detail: z.string() })
      .nullable(),
    /** The latest announcements of the event, newest first. */
    recent: z.array(announcementDelivery),
  }),
);
export const announcementSettingsDocument = document(announcementSettingsResource);

export type AnnouncementSettingsBody = z.infer<typeof announcementSettingsBody>;
export type AnnouncementSettingsDocument = z.infer<typeof announcementSettingsDocument>;
export type AnnouncementDelivery = z.infer<typeof announcementDelivery>;
