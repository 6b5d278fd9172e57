import { listDocument, pageQuery, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * Ladder match-ups `/api/matches/1.0/match-ups` (docs/api/ladder.md). A pairing both captains must
 * accept within the accept window (15 s, `expiresAt`). Both accepted → exactly one match series.
 */
export const MATCH_UP_STATUS_VALUES = [
  'awaiting_confirmation',
  'accepted',
  'declined',
  'expired',
  'cancelled',
] as const;
export const matchUpStatus = z.enum(MATCH_UP_STATUS_VALUES);
export type MatchUpStatusValue = z.infer<typeof matchUpStatus>;

export const matchUpSideResponse = z.enum(['pending', 'accepted', 'declined']);

export const matchUpSide = z.object({
  side: z.enum(['home', 'away']),
  roster: z.object({ id: z.string(), name: z.string() }),
  /** The roster owner (captain) user id. */
  ownerId: z.string().nullable(),
  response: matchUpSideResponse,
});
export type MatchUpSide = z.infer<typeof matchUpSide>;

export const matchUpAttributes = z.object({
  status: matchUpStatus,
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  segmentId: z.string(),
  thLevel: z.number().int(),
  /** Home first. */
  sides: z.array(matchUpSide),
  matchSeriesId: z.string().nullable(),
});

/** The spec's `data[0].status` and `createdAt` are read from `data[0].attributes`. */
export const matchUpResource = resource('match-ups', matchUpAttributes);
export type MatchUpResource = z.infer<typeof matchUpResource>;
export const matchUpDocument = z.object({ data: matchUpResource });
export const matchUpListDocument = listDocument(matchUpResource);

/**
 * GET /match-ups?filter[user.id]=… (newest first; data[0] is the one the client looks at).
 * Only the caller's own match-ups (admins: any user). Optional filter[status].
 */
export const matchUpListQuery = pageQuery.extend({
  'filter[user.id]': resourceId.optional(),
  'filter[status]': matchUpStatus.optional(),
});

export const matchUpParams = z.object({ id: resourceId });
