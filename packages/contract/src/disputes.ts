import {
  DISPUTE_STATUSES,
  MAX_DISPUTE_ATTACHMENTS,
  MAX_DISPUTE_REASON_LENGTH,
  MAX_DISPUTE_WINDOW_MINUTES,
} from '@cwh/domain';
import { document, listDocument, pageQuery, requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';
import { DISPUTE_UPDATED_EVENT } from './socket-events.js';
import { WAR_FORFEITS } from './stage-play.js';
import { IMAGE_TYPES } from './user-account.js';

/**
 * Disputes and attachments of a match series (issue #13, spec 7 GET /match-series/{id}/attachments)
 * under `/api/tournaments/1.0` (docs/api/disputes.md):
 * - POST /match-series/{id}/attachments (the raw image as the body), GET …/attachments,
 *   GET …/attachments/{attachmentId} (the bytes): the two captains, organizers of the event, admins.
 * - GET /match-series/{id}/disputes (with the window in `meta`), POST …/disputes: a captain disputes.
 * - GET /disputes (the organizer's queue), POST /disputes/{id}/resolve (uphold or correct).
 * - GET and PUT /segments/{id}/dispute-settings: the segment's dispute window.
 */

export const attachmentParams = z.object({ id: resourceId, attachmentId: resourceId });

export const attachmentResource = resource(
  'attachments',
  z.object({
    matchSeriesId: z.string(),
    /** Where the bytes are read (bearer token of a caller who may see the series' attachments). */
    url: z.string(),
    contentType: z.enum(IMAGE_TYPES),
    width: z.number().int(),
    height: z.number().int(),
    byteSize: z.number().int(),
    uploadedBy: z.object({ id: z.string() }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  }),
);
export type AttachmentResource = z.infer<typeof attachmentResource>;
export const attachmentDocument = document(attachmentResource);
export type AttachmentDocument = z.infer<typeof attachmentDocument>;
export const attachmentListDocument = listDocument(attachmentResource);
export type AttachmentListDocument = z.infer<typeof attachmentListDocument>;

export const disputeBody = requestBody(
  z
    .object({
      reason: z.string().trim().min(1).max(MAX_DISPUTE_REASON_LENGTH),
      /** Screenshots uploaded to this series first (POST …/attachments). */
      attachmentIds: z.array(resourceId).max(MAX_DISPUTE_ATTACHMENTS).default([]),
    })
    .strict(),
);
export type DisputeBody = z.input<typeof disputeBody>;

const side = z.object({
  rosterId: z.string().nullable(),
  name: z.string().nullable(),
  score: z.number().nullable(),
});

export const disputeAttributes = z.object({
  matchSeriesId: z.string(),
  eventId: z.string(),
  segmentId: z.string(),
  /** The side whose captain disputes. */
  side: z.enum(['home', 'away']),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  attachmentIds: z.array(z.string()),
  openedBy: z.object({ id: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The organizer's note when upholding or correcting: what the captains read. */
  resolutionNote: z.string().nullable(),
  /**
   * The organizer's internal reason (issue #31): in the staff queue and the resolve answer only,
   * never in what the captains and players read (absent there).
   */
  internalReason: z.string().nullable().optional(),
  /** The series as it stands (teams and their scores). */
  series: z.object({
    state: z.string(),
    date: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
    home: side,
    away: side,
  }),
});
export type DisputeAttributes = z.infer<typeof disputeAttributes>;
export const disputeResource = resource('disputes', disputeAttributes);
export type DisputeResource = z.infer<typeof disputeResource>;
export const disputeDocument = document(disputeResource);
export type DisputeDocument = z.infer<typeof disputeDocument>;

/** The series' dispute window as the caller sees it. */
export const disputeWindowMeta = z.object({
  windowMinutes: z.number().int(),
  /** null while the series has no recorded result. */
  windowEndsAt: z.iso.datetime({ offset: true }).nullable(),
  /** The caller captains a side and may dispute now. */
  canDispute: z.boolean(),
  /** The side the caller captains, or null (staff). */
  side: z.enum(['home', 'away']).nullable(),
});
export type DisputeWindowMeta = z.infer<typeof disputeWindowMeta>;
export const seriesDisputesDocument = z.object({
  data: z.array(disputeResource),
  meta: disputeWindowMeta,
});
export type SeriesDisputesDocument = z.infer<typeof seriesDisputesDocument>;

export const disputeListQuery = pageQuery.extend({
  'filter[status]': z.enum(DISPUTE_STATUSES).optional(),
  'filter[event]': resourceId.optional(),
});
export type DisputeListQuery = z.infer<typeof disputeListQuery>;
export const disputeListDocument = listDocument(disputeResource);
export type DisputeListDocument = z.infer<typeof disputeListDocument>;

/**
 * The organizer's decision. `upheld`: the result stands. `corrected`: `result` is entered through
 * the results service (same rules and activity log as PATCH …/relationships/matches/results).
 */
export const disputeResolveBody = requestBody(
  z
    .object({
      resolution: z.enum(['upheld', 'corrected']),
      /** To the captains. */
      note: z.string().trim().min(1).max(MAX_DISPUTE_REASON_LENGTH),
      /** Staff only (the activity log and the queue); a correction's logged reason (else the note). */
      internalReason: z.string().trim().min(1).max(500).optional(),
      /** A correction confirmed with the reset of later matches it needs (as the results call). */
      resetLater: z.boolean().optional(),
      result: z
        .object({
          homeStars: z.number().int().min(0).max(150),
          awayStars: z.number().int().min(0).max(150),
          homeDestruction: z.number().min(0).max(100).optional(),
          awayDestruction: z.number().min(0).max(100).optional(),
          forfeit: z.enum(WAR_FORFEITS).optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
);
export type DisputeResolveBody = z.input<typeof disputeResolveBody>;

export const disputeSettingsBody = requestBody(
  z.object({ disputeWindowMinutes: z.number().int().min(0).max(MAX_DISPUTE_WINDOW_MINUTES) }).strict(),
);
export type DisputeSettingsBody = z.input<typeof disputeSettingsBody>;
export const disputeSettingsDocument = document(
  resource(
    'dispute-settings',
    z.object({
      disputeWindowMinutes: z.number().int(),
      /** True when the organizer set none and the default applies. */
      isDefault: z.boolean(),
    }),
  ),
);
export type DisputeSettingsDocument = z.infer<typeof disputeSettingsDocument>;

/**
 * Socket `update` DISPUTE_UPDATED_EVENT, to both captains when a dispute opens and when the
 * organizer resolves it. Refetch with GET /match-series/{id}/disputes.
 */
export const disputeUpdatedData = z.object({
  dispute: z.object({ id: z.string() }),
  matchSeries: z.object({ id: z.string() }),
  status: z.enum(DISPUTE_STATUSES),
});
export type DisputeUpdatedData = z.infer<typeof disputeUpdatedData>;

declare module './socket.js' {
  interface SocketUpdateMap {
    [DISPUTE_UPDATED_EVENT]: DisputeUpdatedData;
  }
}
