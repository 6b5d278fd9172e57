import { listDocument, pageQuery } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * Ladder standings `/api/tournaments/1.0/segments/{id}/standings` and leaderboards
 * `/api/tournaments/1.0/leaderboards` (one per ladder segment). Points: win 3, draw 1, loss 0;
 * ties by star difference then stars won share the rank (docs/api/ladder.md).
 */
export const standingAttributes = z.object({
  /** Shared on ties (1, 1, 3 …). */
  rank: z.number().int(),
  placement: z.number().int(),
  points: z.number(),
  /** `W-L`, or `W-L-D` once the team played a draw. */
  record: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  gamesPlayed: z.number().int(),
  starsFor: z.number().int(),
  starsAgainst: z.number().int(),
  roster: z.object({
    id: z.string(),
    name: z.string().nullable(),
    displayName: z.string(),
    ownerId: z.string().nullable(),
  }),
  segment: z.object({ id: z.string() }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export const standingResource = z.object({
  id: z.string(),
  type: z.literal('standings'),
  attributes: standingAttributes,
});
export type StandingResource = z.infer<typeof standingResource>;
export const standingListDocument = listDocument(standingResource);

/** page[size] default 20; sort `placement` (default) or `-placement`; filter[user] or filter[roster.id]. */
export const standingListQuery = pageQuery.extend({
  sort: z.enum(['placement', '-placement']).optional(),
  'filter[user]': resourceId.optional(),
  'filter[roster.id]': resourceId.optional(),
});
export const segmentIdParams = z.object({ id: resourceId });

export const recalculateDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('standings-recalculations'),
    attributes: z.object({
      segmentId: z.string(),
      entries: z.number().int(),
      recalculatedAt: z.iso.datetime({ offset: true }),
    }),
  }),
});

export const leaderboardResource = z.object({
  id: z.string(),
  type: z.literal('leaderboards'),
  attributes: z.object({
    name: z.string(),
    segment: z.object({ id: z.string() }),
    event: z.object({ id: z.string() }),
    thLevel: z.number().int().nullable(),
    date: z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
    entriesCount: z.number().int(),
  }),
});
export const leaderboardListDocument = listDocument(leaderboardResource);
export const leaderboardDocument = z.object({ data: leaderboardResource });
export const leaderboardListQuery = pageQuery.extend({ 'filter[event]': resourceId.optional() });
/** Entries are the segment's standings, same shape (type 'standings'). */
export const leaderboardEntriesQuery = standingListQuery;
