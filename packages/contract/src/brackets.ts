import { listDocument, pageQuery, requestBody } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * Tournament stages under `/api/tournaments/1.0`: swiss and double-elimination brackets.
 * - POST /segments/{id}/bracket (organizer): creates and seeds the stage from the segment's rosters.
 * - POST /segments/{id}/bracket/rounds (organizer): pairs and schedules the next swiss round.
 * - GET /segments/{id}/bracket/info, GET /bracket/{id}/match-series?filter[bracket.number],
 *   GET /segments/{id}/swiss-records?filter[roundNumber] (page[size] 50).
 * Results of stage series: PATCH /match-series/{id}/relationships/matches/results (stage-play.ts).
 */

export const STAGE_FORMATS = ['swiss', 'double_elimination'] as const;
export const SWISS_TIEBREAK_KEYS = [
  'matchPoints',
  'buchholz',
  'headToHead',
  'starDifference',
  'destructionDifference',
  'seed',
] as const;

export const createBracketBody = requestBody(
  z
    .object({
      /** Defaults to the segment's elimination type. */
      format: z.enum(STAGE_FORMATS).optional(),
      /** Explicit seed order (seed 1 first); otherwise locked rosters by previous-stage placement. */
      rosterIds: z.array(resourceId).min(2).max(1024).optional(),
      /** Field size taken from the default seeding: swiss 128, double elimination 8. */
      size: z.number().int().min(2).max(1024).optional(),
      /** Swiss: fixed number of rounds, or early exit at `wins` / `losses`. */
      rounds: z.number().int().min(1).max(20).optional(),
      wins: z.number().int().min(1).max(10).optional(),
      losses: z.number().int().min(1).max(10).optional(),
      tiebreaks: z.array(z.enum(SWISS_TIEBREAK_KEYS)).min(1).max(6).optional(),
      /** First match date; defaults to the segment's start or now, whichever is later. */
      startsAt: z.iso.datetime({ offset: true }).optional(),
    })
    .strict(),
);
export type CreateBracketBody = z.infer<typeof createBracketBody>;

const placementEntry = z.object({
  rosterId: z.string(),
  placement: z.number().int(),
  placementTo: z.number().int(),
  label: z.string(),
});

export const bracketInfoAttributes = z.object({
  segment: z.object({ id: z.string() }),
  format: z.enum(STAGE_FORMATS),
  teams: z.array(z.object({ rosterId: z.string(), seed: z.number().int() })),
  startsAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
  swiss: z
    .object({
      mode: z.enum(['fixed', 'early_exit']),
      rounds: z.number().int().nullable(),
      wins: z.number().int().nullable(),
      losses: z.number().int().nullable(),
      maxRounds: z.number().int(),
      tiebreaks: z.array(z.enum(SWISS_TIEBREAK_KEYS)),
      currentRound: z.number().int(),
      complete: z.boolean(),
    })
    .nullable(),
  doubleElimination: z
    .object({
      upperRounds: z.number().int(),
      lowerRounds: z.number().int(),
      matches: z.number().int(),
      playedMatches: z.number().int(),
      championRosterId: z.string().nullable(),
      complete: z.boolean(),
      placements: z.array(placementEntry),
    })
    .nullable(),
  /**
   * What POST /segments/{id}/advance decided for each roster of the stage (stage_outcomes), by
   * rank; empty until the stage is advanced.
   */
  outcomes: z
    .array(
      z.object({
        rosterId: z.string(),
        outcome: z.enum(['qualified', 'eliminated']),
        nextSegment: z.object({ id: z.string() }).nullable(),
        /** Golden or silver ticket winners (spec 1), shown to everyone on the stage's participant list. */
        ticket: z.enum(['golden', 'silver']).nullable().optional(),
      }),
    )
    .optional(),
});
export const bracketInfoResource = z.object({
  id: z.string(),
  type: z.literal('brackets'),
  attributes: bracketInfoAttributes,
});
export const bracketInfoDocument = z.object({ data: bracketInfoResource });
export type BracketInfoResource = z.infer<typeof bracketInfoResource>;

/** filter[bracket.number]: 1 upper (swiss: every round), 2 lower, 3 grand final. */
export const bracketMatchSeriesQuery = pageQuery.extend({
  'filter[bracket.number]': z.coerce.number().int().min(1).max(3).optional(),
  'filter[roundNumber]': z.coerce.number().int().min(1).max(100).optional(),
});
export const bracketParams = z.object({ id: resourceId });

export const swissRecordAttributes = z.object({
  roster: z.object({ id: z.string(), name: z.string().nullable(), displayName: z.string() }),
  /** Standings after `roundNumber` (the latest finished round by default). */
  roundNumber: z.number().int(),
  rank: z.number().int(),
  seed: z.number().int(),
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
  destructionFor: z.number(),
  destructionAgainst: z.number(),
  status: z.enum(['active', 'qualified', 'eliminated']),
});
export const swissRecordResource = z.object({
  id: z.string(),
  type: z.literal('swiss-records'),
  attributes: swissRecordAttributes,
});
export const swissRecordListDocument = listDocument(swissRecordResource);
export type SwissRecordResource = z.infer<typeof swissRecordResource>;
export const swissRecordsQuery = pageQuery.extend({
  'filter[roundNumber]': z.coerce.number().int().min(0).max(100).optional(),
});

export const swissRoundResource = z.object({
  id: z.string(),
  type: z.literal('swiss-rounds'),
  attributes: z.object({
    roundNumber: z.number().int(),
    prngSeed: z.number().int(),
    rematches: z.number().int(),
    byeRosterId: z.string().nullable(),
    pairings: z.array(
      z.object({
        table: z.number().int(),
        homeRosterId: z.string(),
        awayRosterId: z.string(),
        pool: z.string(),
        float: z.boolean(),
        rematch: z.boolean(),
      }),
    ),
    matchSeriesIds: z.array(z.string()),
  }),
});
export const swissRoundDocument = z.object({ data: swissRoundResource });

/**
 * POST /segments/{id}/advance (organizer): decides every roster of a finished stage, qualified
 * (next segment, seed, ticket) or eliminated. Rules apply in order; without rules a ladder segment
 * sends its top 128 (championship) or top 8 (cup) to the next segment of its stage.
 */
export const advanceBody = requestBody(
  z
    .object({
      rules: z
        .array(
          z
            .object({
              id: z.string().min(1).max(64).optional(),
              nextSegmentId: resourceId,
              placements: z.array(z.number().int().min(1).max(100_000)).max(1024).optional(),
              qualified: z.boolean().optional(),
              ticket: z.enum(['golden', 'silver']).optional(),
            })
            .strict(),
        )
        .min(1)
        .max(10)
        .optional(),
    })
    .strict(),
);
export type AdvanceBody = z.infer<typeof advanceBody>;

export const advancementResource = z.object({
  id: z.string(),
  type: z.literal('advancements'),
  attributes: z.object({
    roster: z.object({ id: z.string() }),
    rank: z.number().int(),
    outcome: z.enum(['qualified', 'eliminated']),
    ruleId: z.string().nullable(),
    nextSegment: z.object({ id: z.string() }).nullable(),
    nextSeed: z.number().int().nullable(),
    ticket: z.enum(['golden', 'silver']).nullable(),
  }),
});
export const advancementListDocument = listDocument(advancementResource);

export type BracketInfoDocument = z.infer<typeof bracketInfoDocument>;
export type BracketMatchSeriesQuery = z.infer<typeof bracketMatchSeriesQuery>;
export type SwissRecordListDocument = z.infer<typeof swissRecordListDocument>;
export type SwissRecordsQuery = z.infer<typeof swissRecordsQuery>;
export type SwissRoundDocument = z.infer<typeof swissRoundDocument>;
export type AdvancementListDocument = z.infer<typeof advancementListDocument>;
