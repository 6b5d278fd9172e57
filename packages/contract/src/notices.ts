import { listDocument, pageMeta, resource } from './jsonapi.js';
import * as z from './safe-zod.js';
import { NOTICE_CREATED_EVENT } from './socket-events.js';

/**
 * The notice log (issue #34, docs/api/notices.md) under `/api/users/1.0`, the signed-in user's own:
 * - GET /user/notices: newest first, paged; `meta.unreadCount` counts every unread notice.
 * - POST /user/notices/{id}/read: marks one read (another user's notice: 404).
 * - POST /user/notices/read-all: marks every notice read; answers the new unread count (0).
 * Socket `update` NOTICE_CREATED_EVENT carries a notice just written, to its user only.
 */

/** The kinds of notice; each has its text under `notices:types.<type>` in the web. */
export const NOTICE_TYPES = [
  'match_found',
  'match_accepted',
  'match_declined',
  'match_expired',
  'roster_locked',
  'team_invitation',
  'result_recorded',
  'dispute_opened',
  'dispute_answered',
  'account_suspended',
  'check_in_open',
  'check_in_closing',
  'pickban_turn',
  'war_started',
  'advanced',
  'eliminated',
] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const NOTICES_PAGE_SIZE = { default: 20, max: 50 } as const;

/** A text parameter: a name, a number, or nothing. */
export const noticeParams = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type NoticeParams = z.infer<typeof noticeParams>;

export const noticeResource = resource(
  'notices',
  z.object({
    /** Which notice (`type` is JSON:API's own member, so the kind is named `kind`). */
    kind: z.enum(NOTICE_TYPES),
    /** A web path without the locale prefix (e.g. `/match/{id}`): where the notice leads. */
    link: z.string(),
    /** The text's key in the web's `notices` namespace, and its parameters. */
    textKey: z.string(),
    params: noticeParams,
    createdAt: z.iso.datetime({ offset: true }),
    readAt: z.iso.datetime({ offset: true }).nullable(),
  }),
);
export type NoticeResource = z.infer<typeof noticeResource>;

export const noticesQuery = z.object({
  'page[number]': z.coerce.number().int().min(1).max(100_000).optional(),
  'page[size]': z.coerce.number().int().min(1).max(NOTICES_PAGE_SIZE.max).optional(),
});
export type NoticesQuery = z.infer<typeof noticesQuery>;

const unreadMeta = z.object({ unreadCount: z.number().int().min(0) });

export const noticeListDocument = listDocument(noticeResource).extend({
  meta: pageMeta.extend(unreadMeta.shape),
});
export type NoticeListDocument = z.infer<typeof noticeListDocument>;

export const noticeDocument = z.object({ data: noticeResource, meta: unreadMeta });
export type NoticeDocument = z.infer<typeof noticeDocument>;

/** POST /user/notices/read-all: how many it marked, and the unread count after it (0). */
export const noticesReadAllDocument = z.object({
  meta: unreadMeta.extend({ marked: z.number().int().min(0) }),
});
export type NoticesReadAllDocument = z.infer<typeof noticesReadAllDocument>;

/** Socket `update` NOTICE_CREATED_EVENT: the notice as the list answers it. */
export const noticeCreatedData = z.object({ notice: noticeResource });
export type NoticeCreatedData = z.infer<typeof noticeCreatedData>;

declare module './socket.js' {
  interface SocketUpdateMap {
    [NOTICE_CREATED_EVENT]: NoticeCreatedData;
  }
}
