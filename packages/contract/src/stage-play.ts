import { listDocument, pageQuery, requestBody } from './jsonapi.js';
import { MATCH_SERIES_REVIEW_REASONS, matchSeriesState } from './match-series.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';
import { standingResource } from './standings.js';

/**
 * Playing tournament stages under `/api/tournaments/1.0` (docs/api/brackets.md):
 * - PATCH /match-series/{id}/relationships/matches/results (organizer of the series' event, admin):
 *   enters or corrects the result of any series, ladder or stage, with a reason (activity log).
 * - GET /segments/{id}/standings answers a swiss or double-elimination segment with its stage
 *   standings (`swiss-standings`, `bracket-standings`); a ladder segment keeps `standings`.
 * - GET /points?filter[matchSeries]=… or ?filter[roster]=…: what each finished series gave each roster.
 */

/** A war's forfeit: one side, or `both` (a double forfeit: both sides lose). */
export const WAR_FORFEITS = ['home', 'away', 'both'] as const;

/**
 * The organizer's result. Stars decide, then destruction; a forfeit gives the win to the other side;
 * `both` is a double forfeit. A double-elimination match needs a winner (a true draw or a double
 * forfeit is refused there: BRACKET_DRAW, BRACKET_DOUBLE_FORFEIT).
 */
export const matchSeriesResultsBody = requestBody(
  z
    .object({
      homeStars: z.number().int().min(0).max(150),
      awayStars: z.number().int().min(0).max(150),
      homeDestruction: z.number().min(0).max(100).optional(),
      awayDestruction: z.number().min(0).max(100).optional(),
      forfeit: z.enum(WAR_FORFEITS).optional(),
      /** Why the organizer enters or corrects the result; kept in the activity log. */
      reason: z.string().trim().min(1).max(500),
      /**
       * The organizer confirmed the reset a correction needs (issue #31): later bracket matches lose
       * their result, later swiss rounds are removed (as `POST …/results/preview` shows). Without
       * it such a correction is refused (BRACKET_RESULT_LOCKED / ROUND_CLOSED).
       */
      resetLater: z.boolean().optional(),
    })
    .strict(),
);
export type MatchSeriesResultsBody = z.infer<typeof matchSeriesResultsBody>;

/** POST /match-series/{id}/results/preview: the result the organizer is about to enter (no reason). */
export const matchSeriesResultPreviewBody = requestBody(
  z
    .object({
      homeStars: z.number().int().min(0).max(150),
      awayStars: z.number().int().min(0).max(150),
      homeDestruction: z.number().min(0).max(100).optional(),
      awayDestruction: z.number().min(0).max(100).optional(),
      forfeit: z.enum(WAR_FORFEITS).optional(),
    })
    .strict(),
);
export type MatchSeriesResultPreviewBody = z.infer<typeof matchSeriesResultPreviewBody>;

/** A later series the correction would reset (bracket) or remove with its round (swiss). */
export const resetSeriesPreview = z.object({
  matchSeriesId: z.string(),
  /** Bracket node (`U2-1`, `L3-1`, `GF1`…) or swiss table (`R3-T2`). */
  nodeId: z.string().nullable(),
  roundNumber: z.number().int(),
  state: matchSeriesState,
  home: z.string().nullable(),
  away: z.string().nullable(),
});
export type ResetSeriesPreview = z.infer<typeof resetSeriesPreview>;

export const matchSeriesResultPreviewDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('match-series-result-previews'),
    attributes: z.object({
      competition: z.enum(['ladder', 'swiss', 'double_elimination']),
      /** A result is already recorded: this is a correction. */
      corrected: z.boolean(),
      /** The later series the correction resets; empty: nothing moved on. */
      resets: z.array(resetSeriesPreview),
      /** Swiss rounds removed (paired again afterwards). */
      removedRounds: z.array(z.number().int()),
    }),
  }),
});
export type MatchSeriesResultPreviewDocument = z.infer<typeof matchSeriesResultPreviewDocument>;

export const matchSeriesResultsResource = z.object({
  /** The match series id. */
  id: z.string(),
  type: z.literal('match-series-results'),
  attributes: z.object({
    matchSeries: z.object({ id: z.string() }),
    /** ladder, or the stage format the series belongs to. */
    competition: z.enum(['ladder', 'swiss', 'double_elimination']),
    state: matchSeriesState,
    /** The result replaced one already recorded. */
    corrected: z.boolean(),
    /** null for a draw or a double forfeit. */
    winnerRosterId: z.string().nullable(),
    /** Double elimination: series whose teams or state changed (next nodes, byes, the reset). */
    changedMatchSeriesIds: z.array(z.string()),
    championRosterId: z.string().nullable(),
    reviewReason: z.enum(MATCH_SERIES_REVIEW_REASONS).nullable(),
    /** Later series reset (bracket) or removed with their rounds (swiss) by a confirmed correction. */
    resetMatchSeriesIds: z.array(z.string()).optional(),
    removedRounds: z.array(z.number().int()).optional(),
  }),
});
export const matchSeriesResultsDocument = z.object({ data: matchSeriesResultsResource });
export type MatchSeriesResultsDocument = z.infer<typeof matchSeriesResultsDocument>;

const standingRoster = z.object({
  id: z.string(),
  name: z.string().nullable(),
  displayName: z.string(),
  ownerId: z.string().nullable(),
});

/** A swiss segment's standings row: the swiss records of the last fully played round. */
export const swissStandingResource = z.object({
  id: z.string(),
  type: z.literal('swiss-standings'),
  attributes: z.object({
    /** The standings order (tiebreaks applied); unique. */
    rank: z.number().int(),
    placement: z.number().int(),
    seed: z.number().int(),
    /** Rounds counted (the last fully played one). */
    roundNumber: z.number().int(),
    record: z.string(),
    wins: z.number().int(),
    losses: z.number().int(),
    draws: z.number().int(),
    byes: z.number().int(),
    matchPoints: z.number().int(),
    buchholz: z.number().int(),
    headToHead: z.number().int(),
    starsFor: z.number().int(),
    starsAgainst: z.number().int(),
    starDifference: z.number().int(),
    destructionFor: z.number(),
    destructionAgainst: z.number(),
    destructionDifference: z.number(),
    status: z.enum(['active', 'qualified', 'eliminated']),
    roster: standingRoster,
    segment: z.object({ id: z.string() }),
  }),
});
export type SwissStandingResource = z.infer<typeof swissStandingResource>;

/**
 * A double-elimination segment's standings row. `placement` / `placementTo` / `label` are the final
 * place (1, 2, 3, 4, 5-6, 7-8 …), null while the team is still in the bracket; `rank` orders the
 * list: teams still playing first (fewer losses, then seed), then by placement, then seed.
 */
export const bracketStandingResource = z.object({
  id: z.string(),
  type: z.literal('bracket-standings'),
  attributes: z.object({
    rank: z.number().int(),
    placement: z.number().int().nullable(),
    placementTo: z.number().int().nullable(),
    label: z.string().nullable(),
    seed: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    status: z.enum(['active', 'eliminated', 'champion']),
    roster: standingRoster,
    segment: z.object({ id: z.string() }),
  }),
});
export type BracketStandingResource = z.infer<typeof bracketStandingResource>;

/** Stage standings only (what the brackets feature answers). */
export const stageStandingListDocument = listDocument(
  z.discriminatedUnion('type', [swissStandingResource, bracketStandingResource]),
);
export type StageStandingListDocument = z.infer<typeof stageStandingListDocument>;

/**
 * GET /segments/{id}/standings: `standings` rows for a ladder segment, `swiss-standings` or
 * `bracket-standings` rows for a segment that holds a stage (discriminated by `type`).
 */
export const segmentStandingListDocument = listDocument(
  z.discriminatedUnion('type', [standingResource, swissStandingResource, bracketStandingResource]),
);
export type SegmentStandingListDocument = z.infer<typeof segmentStandingListDocument>;

/** W win, L loss, D draw, FFW won by forfeit, FFL lost by forfeit (both sides of a double forfeit). */
export const SERIES_RESULT_CODES = ['W', 'L', 'D', 'FFW', 'FFL'] as const;

/**
 * What one finished series gave one roster: ladder points (win 3, draw 1, loss 0), swiss match
 * points (the same scale, a bye counts as a win), and 0 in double elimination (placements decide).
 */
export const pointsResource = z.object({
  /** `{matchSeriesId}:{rosterId}`. */
  id: z.string(),
  type: z.literal('points'),
  attributes: z.object({
    matchSeries: z.object({ id: z.string() }),
    roster: z.object({ id: z.string(), name: z.string().nullable(), displayName: z.string() }),
    opponent: z.object({ id: z.string() }).nullable(),
    segment: z.object({ id: z.string() }),
    competition: z.enum(['ladder', 'swiss', 'double_elimination']),
    result: z.enum(SERIES_RESULT_CODES),
    bye: z.boolean(),
    points: z.number().int(),
    starsFor: z.number().int(),
    starsAgainst: z.number().int(),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});
export type PointsResource = z.infer<typeof pointsResource>;
export const pointsListDocument = listDocument(pointsResource);
export type PointsListDocument = z.infer<typeof pointsListDocument>;

/** One of filter[matchSeries] or filter[roster] is required (400 otherwise); page[size] default 20. */
export const pointsListQuery = pageQuery.extend({
  'filter[matchSeries]': resourceId.optional(),
  'filter[roster]': resourceId.optional(),
});
export type PointsListQuery = z.infer<typeof pointsListQuery>;
