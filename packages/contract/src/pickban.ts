import { listDocument, pageQuery, requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';
import { PICKBAN_STEP_EVENT } from './socket-events.js';

/**
 * Pick and ban (spec 7, issue #13) under `/api/pickban/1.0` (API.pickban). An event has categories
 * (for example battle modifiers or war rules) with items; a segment names one category and a veto
 * order (steps of `ban`/`pick` with a count, sides alternating from the starter: the higher seed or
 * the home side) and a time per turn. A challenge opens for a stage match series once it is
 * upcoming with both teams known; each step is voted by the captain whose turn it is, or chosen by
 * the server when the turn runs out (seeded, replayable).
 *
 * - GET /categories?filter[event.id] (public): the categories, in sort order.
 * - GET /items?filter[category.id]&sort=sortOrder&page[number]&page[size] (public; page size 25).
 * - GET /challenges/mine?filter[category.id]&filter[status]=open (bearer): challenges of the series
 *   the caller captains.
 * - GET /challenges?filter[matchSeries.id] (bearer): the series' challenges, for its two captains,
 *   organizers of its event and admins (others 403 FORBIDDEN; unknown series 404).
 * - POST /challenges/{id}/vote {banned, picked} (bearer; item ids): the captain whose turn it is.
 *   200 the challenge after the vote. Refusals, nothing written:
 *   - 401 UNAUTHENTICATED; 404 NOT_FOUND (no such challenge in the tenant, or its series deleted);
 *   - 403 NOT_ROSTER_OWNER (not a captain of the series; meta.reason VETO_NOT_A_PARTICIPANT);
 *   - 409 CONFLICT, meta.reason VETO_CLOSED (over, or the series finished), VETO_NOT_YOUR_TURN, VETO_ITEM_UNAVAILABLE
 *     (already banned or picked, or named twice);
 *   - 400 VALIDATION_FAILED, meta.reason VETO_WRONG_COUNT (not the step's count, or items under the
 *     other action) or VETO_UNKNOWN_ITEM (not in the challenge's pool).
 * - PUT /segments/{id}/veto (organizers of the event, admins): the segment's category, order,
 *   starter and turn time; GET /segments/{id}/veto reads it (404 when none), DELETE removes it
 *   (204; 404 when none); POST /categories and POST /items (same roles) create them, PATCH
 *   renames or reorders them (always allowed: challenges show current names), DELETE removes them
 *   (204) unless in use: 409 CONFLICT meta.reason PICKBAN_IN_USE (an item in a challenge's pool; a
 *   category of a challenge or of a segment's veto), nothing written.
 *
 * Every step is told to both captains over the socket (`update` PICKBAN_STEP_EVENT).
 */

export const VETO_ACTION_VALUES = ['ban', 'pick'] as const;
export const VETO_STARTER_VALUES = ['higher_seed', 'home'] as const;
export const CHALLENGE_STATUS_VALUES = ['open', 'closed'] as const;
export const VETO_SIDES = ['home', 'away'] as const;
/** Default and bounds of the time per turn, in seconds. */
export const VETO_TURN_SECONDS = { default: 60, min: 10, max: 3600 } as const;

export const categoryAttributes = z.object({
  name: z.string(),
  sortOrder: z.number().int(),
  eventId: z.string(),
});
export const categoryResource = resource('categories', categoryAttributes);
export type CategoryResource = z.infer<typeof categoryResource>;
export const categoryListDocument = listDocument(categoryResource);
export type CategoryListDocument = z.infer<typeof categoryListDocument>;
export const categoryDocument = z.object({ data: categoryResource });
export type CategoryDocument = z.infer<typeof categoryDocument>;

export const itemAttributes = z.object({
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  categoryId: z.string(),
});
export const itemResource = resource('items', itemAttributes);
export type ItemResource = z.infer<typeof itemResource>;
export const itemListDocument = listDocument(itemResource);
export type ItemListDocument = z.infer<typeof itemListDocument>;
export const itemDocument = z.object({ data: itemResource });
export type ItemDocument = z.infer<typeof itemDocument>;

export const categoriesQuery = z.object({ 'filter[event.id]': resourceId.optional() });
export type CategoriesQuery = z.infer<typeof categoriesQuery>;
export const itemsQuery = pageQuery.extend({
  'filter[category.id]': resourceId.optional(),
  sort: z.enum(['sortOrder', '-sortOrder']).optional(),
});
export type ItemsQuery = z.infer<typeof itemsQuery>;

export const vetoStep = z.object({
  action: z.enum(VETO_ACTION_VALUES),
  count: z.number().int().min(1).max(20),
});

export const challengeVote = z.object({
  step: z.number().int(),
  side: z.enum(VETO_SIDES),
  action: z.enum(VETO_ACTION_VALUES),
  items: z.array(z.string()),
  /** True when the turn ran out and the server chose. */
  auto: z.boolean(),
  at: z.iso.datetime({ offset: true }),
});

export const challengeAttributes = z.object({
  status: z.enum(CHALLENGE_STATUS_VALUES),
  matchSeriesId: z.string(),
  categoryId: z.string(),
  /** The order, each step with the side that takes it. */
  steps: z.array(vetoStep.extend({ side: z.enum(VETO_SIDES) })),
  starter: z.enum(VETO_SIDES),
  /** The items in play (the category's items when the challenge opened), in sort order. */
  pool: z.array(z.string()),
  currentStep: z.number().int().nullable(),
  turn: z.enum(VETO_SIDES).nullable(),
  /** When the current turn runs out (the server then chooses); null once closed. */
  turnEndsAt: z.iso.datetime({ offset: true }).nullable(),
  banned: z.array(z.string()),
  picked: z.array(z.string()),
  remaining: z.array(z.string()),
  votes: z.array(challengeVote),
  /** The caller's side when they captain one, else null (organizers). */
  mySide: z.enum(VETO_SIDES).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ChallengeAttributes = z.infer<typeof challengeAttributes>;
export const challengeResource = resource('challenges', challengeAttributes);
export type ChallengeResource = z.infer<typeof challengeResource>;
export const challengeDocument = z.object({ data: challengeResource });
export type ChallengeDocument = z.infer<typeof challengeDocument>;
export const challengeListDocument = listDocument(challengeResource);
export type ChallengeListDocument = z.infer<typeof challengeListDocument>;

export const myChallengesQuery = z.object({
  'filter[category.id]': resourceId.optional(),
  'filter[status]': z.enum(CHALLENGE_STATUS_VALUES).optional(),
});
export type MyChallengesQuery = z.infer<typeof myChallengesQuery>;
export const challengesQuery = z.object({ 'filter[matchSeries.id]': resourceId });
export type ChallengesQuery = z.infer<typeof challengesQuery>;

const itemIds = z.array(resourceId).max(20);
export const voteBody = requestBody(z.object({ banned: itemIds.default([]), picked: itemIds.default([]) }));
export type VoteBody = z.input<typeof voteBody>;

export const createCategoryBody = requestBody(
  z.object({
    eventId: resourceId,
    name: z.string().trim().min(1).max(80),
    sortOrder: z.number().int().min(0).max(10_000).optional(),
  }),
);
export type CreateCategoryBody = z.input<typeof createCategoryBody>;
export const createItemBody = requestBody(
  z.object({
    categoryId: resourceId,
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).nullable().optional(),
    sortOrder: z.number().int().min(0).max(10_000).optional(),
  }),
);
export type CreateItemBody = z.input<typeof createItemBody>;

/** PATCH /categories/{id}: a rename or a new sort order (at least one). */
export const updateCategoryBody = requestBody(
  z
    .object({
      name: z.string().trim().min(1).max(80).optional(),
      sortOrder: z.number().int().min(0).max(10_000).optional(),
    })
    .refine((a) => a.name !== undefined || a.sortOrder !== undefined, {
      message: 'Give a name or a sortOrder',
    }),
);
export type UpdateCategoryBody = z.input<typeof updateCategoryBody>;
/** PATCH /items/{id}: name, description (null clears it) or sort order (at least one). */
export const updateItemBody = requestBody(
  z
    .object({
      name: z.string().trim().min(1).max(80).optional(),
      description: z.string().trim().max(500).nullable().optional(),
      sortOrder: z.number().int().min(0).max(10_000).optional(),
    })
    .refine((a) => a.name !== undefined || a.description !== undefined || a.sortOrder !== undefined, {
      message: 'Give a name, a description or a sortOrder',
    }),
);
export type UpdateItemBody = z.input<typeof updateItemBody>;
/**
 * `meta.reason` of the 409 CONFLICT refusing to delete an item or a category that a challenge
 * already uses (its pool, or its category), or a category that a segment's veto names.
 */
export const PICKBAN_IN_USE = 'PICKBAN_IN_USE';

export const segmentVetoAttributes = z.object({
  categoryId: resourceId,
  steps: z.array(vetoStep).min(1).max(20),
  starter: z.enum(VETO_STARTER_VALUES),
  turnSeconds: z.number().int().min(VETO_TURN_SECONDS.min).max(VETO_TURN_SECONDS.max),
});
export type SegmentVetoAttributes = z.infer<typeof segmentVetoAttributes>;
export const segmentVetoBody = requestBody(
  segmentVetoAttributes.extend({ turnSeconds: segmentVetoAttributes.shape.turnSeconds.optional() }),
);
export type SegmentVetoBody = z.input<typeof segmentVetoBody>;
export const segmentVetoDocument = z.object({
  data: resource('segment-vetoes', segmentVetoAttributes.extend({ segmentId: z.string() })),
});
export type SegmentVetoDocument = z.infer<typeof segmentVetoDocument>;

/**
 * Socket `update` PICKBAN_STEP_EVENT ('pickban:challenge_updated'), to both captains when a
 * challenge opens and after every step (a vote or a time-out). Refetch with GET /challenges.
 */
export const pickbanStepData = z.object({
  challenge: z.object({ id: z.string() }),
  matchSeries: z.object({ id: z.string() }),
  /** The step just taken (null when the challenge just opened). */
  step: z.number().int().nullable(),
  status: z.enum(CHALLENGE_STATUS_VALUES),
});
export type PickbanStepData = z.infer<typeof pickbanStepData>;

declare module './socket.js' {
  interface SocketUpdateMap {
    [PICKBAN_STEP_EVENT]: PickbanStepData;
  }
}
