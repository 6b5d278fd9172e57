import { requestBody, resource } from './jsonapi.js';
import { MATCH_CHAT_MAX_LENGTH, MATCH_CHAT_PAGE_SIZE } from './match-chat-limits.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';
import { MATCH_CHAT_EVENT } from './socket-events.js';

/**
 * The match chat (spec 7 `GET /history`, issue #13) under `/api/chat/1.0` (API.chat): one room per
 * match series for its two captains (roster owners), the teams' leaders (team owners), the
 * organizers of its event and admins (docs/api/match-chat.md).
 *
 * - GET /history?filter[matchSeries.id]&page[before]&page[size] (bearer): the room's messages,
 *   newest first; `page[before]` (a message id) pages back to older ones; `meta.page.hasMore`.
 * - POST /history {matchSeriesId, body} (bearer; members): 201 the message. Text only, at most
 *   MATCH_CHAT_MAX_LENGTH characters after trimming, no control characters but line breaks and
 *   tabs; rate-limited per user (429 RATE_LIMITED, meta.retryAfterSeconds).
 * - DELETE /history/{id} (bearer; organizers of the event, admins): soft delete, 200 the message
 *   shown as removed; the deletion is in the activity log.
 *
 * Refusals: 401 UNAUTHENTICATED; 403 FORBIDDEN (not a member, or not a moderator for DELETE);
 * 404 NOT_FOUND (no such series or message in the tenant, or a deleted series); 400
 * VALIDATION_FAILED; 409 CONFLICT (a system notice cannot be deleted); 429 RATE_LIMITED.
 * Every new message and every deletion is pushed to the room's members over the socket
 * (`update` MATCH_CHAT_EVENT).
 */

export const MATCH_CHAT_NOTICE_TYPES = [
  'check_in',
  'pickban_step',
  'war_started',
  'result_recorded',
] as const;
export type MatchChatNoticeType = (typeof MATCH_CHAT_NOTICE_TYPES)[number];
export const MATCH_CHAT_ROLES = ['captain', 'leader', 'organizer', 'admin'] as const;
export type MatchChatRole = (typeof MATCH_CHAT_ROLES)[number];

// C0 controls and DEL except tab and line feed; NUL and lone surrogates are refused by safe-zod.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0001-\u0008\u000B-\u001F\u007F]/;
export const isChatText = (value: string): boolean => !CONTROL.test(value);

/** A message's text as sent: trimmed, 1 to MATCH_CHAT_MAX_LENGTH characters, text only. */
export const chatMessageText = z
  .string()
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1)
      .max(MATCH_CHAT_MAX_LENGTH)
      .refine(isChatText, { message: 'Text only: no control characters' }),
  );

export const chatNotice = z.object({
  type: z.enum(MATCH_CHAT_NOTICE_TYPES),
  /** Values the web words the notice with (a team name, a step, stars). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ChatNotice = z.infer<typeof chatNotice>;

export const chatMessageAttributes = z.object({
  matchSeriesId: z.string(),
  kind: z.enum(['user', 'system']),
  /** The text; null for a system notice and for a removed message. */
  body: z.string().nullable(),
  notice: chatNotice.nullable(),
  author: z
    .object({ id: z.string(), name: z.string().nullable(), role: z.enum(MATCH_CHAT_ROLES).nullable() })
    .nullable(),
  /** True once a moderator removed it (shown as "message removed"). */
  deleted: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessageAttributes = z.infer<typeof chatMessageAttributes>;
export const chatMessageResource = resource('chat-messages', chatMessageAttributes);
export type ChatMessageResource = z.infer<typeof chatMessageResource>;
export const chatMessageDocument = z.object({ data: chatMessageResource });
export type ChatMessageDocument = z.infer<typeof chatMessageDocument>;

export const chatHistoryQuery = z.object({
  'filter[matchSeries.id]': resourceId,
  /** A message id of the room: answers the messages older than it. */
  'page[before]': resourceId.optional(),
  'page[size]': z.coerce.number().int().min(1).max(MATCH_CHAT_PAGE_SIZE.max).optional(),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;

export const chatHistoryDocument = z.object({
  /** Newest first. */
  data: z.array(chatMessageResource),
  meta: z.object({
    page: z.object({ size: z.number().int(), hasMore: z.boolean() }),
    /** What the caller may do in the room. */
    room: z.object({ canModerate: z.boolean() }),
  }),
});
export type ChatHistoryDocument = z.infer<typeof chatHistoryDocument>;

export const sendChatMessageBody = requestBody(
  z.object({ matchSeriesId: resourceId, body: chatMessageText }),
);
export type SendChatMessageBody = z.input<typeof sendChatMessageBody>;

/**
 * Socket `update` MATCH_CHAT_EVENT ('matches:chat_message'), to the room's members (captains,
 * leaders, organizers of the event) when a message or notice is posted and when one is removed:
 * the message as GET /history answers it (replace by id).
 */
export const matchChatEventData = z.object({
  matchSeries: z.object({ id: z.string() }),
  message: chatMessageResource,
});
export type MatchChatEventData = z.infer<typeof matchChatEventData>;

declare module './socket.js' {
  interface SocketUpdateMap {
    [MATCH_CHAT_EVENT]: MatchChatEventData;
  }
}
