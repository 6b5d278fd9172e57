import { gameTag } from './game-tags.js';
import { requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * Ladder queue `/api/matches/1.0/queue/{rosterId}` (docs/api/ladder.md). Bearer token of the roster
 * owner (captain). Join refusals (JSON:API errors): CLAN_IS_IN_WAR (→ /error/23), UPCOMING_MATCH
 * (409 → 25), ROSTER_ALREADY_PLAYED (400, detail contains 'roster has already played' → 28),
 * MATCH_LIMIT_REACHED (429 'Match Limited Reached' → 26), TH_LEVELS_MISMATCH (→ 27),
 * MEMBERS_MISSING (→ 11), NOT_IN_LADDER (409, no open ladder segment / roster not locked),
 * FORBIDDEN (not the owner).
 */

/**
 * Entry statuses. Live: `waiting` (in the queue), `matched` (a match-up awaits confirmation),
 * `accepted` (this side accepted; or both did and the match series exists). Ended: `declined`,
 * `expired`, `cancelled` (left the queue), `completed` (the match series finished).
 * The web's deriveQueueStatus maps: accepted → accepted; declined/expired/cancelled → none; else inQueue.
 */
export const QUEUE_ENTRY_STATUSES = [
  'waiting',
  'matched',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'completed',
] as const;
export const queueEntryStatus = z.enum(QUEUE_ENTRY_STATUSES);
export type QueueEntryStatus = z.infer<typeof queueEntryStatus>;

export const queueParams = z.object({ rosterId: resourceId });

export const queueEntryAttributes = z.object({
  status: queueEntryStatus,
  rosterId: z.string(),
  /** The ladder segment the roster queues in. */
  segmentId: z.string(),
  thLevel: z.number().int(),
  /** Kept when a match-up is declined or expires after this side accepted: the side keeps its priority. */
  joinedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  playerTags: z.array(z.string()),
  /** The live (or last) match-up of this entry. */
  matchUpId: z.string().nullable(),
  matchSeriesId: z.string().nullable(),
  /**
   * GET /status of a waiting entry whose roster had a match-up: its last opponent is met again only
   * once both entries waited `graceMs` (the server's MATCHMAKING_REMATCH_GRACE_MS), from
   * `notBefore`: null while that opponent is not in the queue. Absent from the join and leave
   * answers, null otherwise.
   */
  rematch: z
    .object({
      opponent: z.object({ id: z.string(), name: z.string().nullable() }),
      graceMs: z.number().int().nonnegative(),
      notBefore: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable()
    .optional(),
});
export type QueueRematch = NonNullable<z.infer<typeof queueEntryAttributes>['rematch']>;

/**
 * One queue entry; the status is `data.attributes.status` (JSON:API resource objects have no other
 * members). `data` is null when the roster never queued or its last entry completed (a played
 * match): the client derives `none`.
 */
export const queueEntryResource = resource('queue-entries', queueEntryAttributes);
export type QueueEntryResource = z.infer<typeof queueEntryResource>;
export const queueStatusDocument = z.object({ data: queueEntryResource.nullable() });
export type QueueStatusDocument = z.infer<typeof queueStatusDocument>;

/** POST /join: exactly the 5 selected players (the captain may be one of them). */
export const queueJoinBody = requestBody(
  z.object({
    playerTags: z
      .array(gameTag)
      .length(5)
      .refine((tags) => new Set(tags.map((t) => t.trim().toUpperCase().replace(/^#/, ''))).size === 5, {
        message: 'the 5 players must be different',
      }),
  }),
);
export type QueueJoinBody = z.infer<typeof queueJoinBody>;

/** POST /join and POST /leave answer the entry (leave: status cancelled; data null if none was live). */
export const queueEntryDocument = queueStatusDocument;
