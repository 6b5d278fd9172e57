import { listDocument, pageQuery, requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';
import { eliminationType, stageCode } from './segments.js';

/** Match series `/api/matches/1.0/match-series` and check-ins `/api/matches/1.0/checkins`. */

export const MATCH_SERIES_STATE_VALUES = ['new', 'live', 'finished', 'scheduled', 'upcoming'] as const;
export const matchSeriesState = z.enum(MATCH_SERIES_STATE_VALUES);
/** filter[state]'s grammar (in the OpenAPI document as a pattern): a comma list of states. */
const STATE_WORD = `\\s*(?:${MATCH_SERIES_STATE_VALUES.join('|')})\\s*`;
const MATCH_SERIES_STATE_FILTER = new RegExp(`^${STATE_WORD}(?:,${STATE_WORD})*$`);

export const competitorResult = z.object({
  score: z.number().nullable(),
  forfeit: z.boolean(),
  /** The war's destruction percentage of this side; absent until a result that gave one. */
  destruction: z.number().min(0).max(100).optional(),
});

export const matchSeriesCompetitor = z.object({
  /** Competitor id; the `stars` period refers to it. */
  id: z.string(),
  side: z.enum(['home', 'away']),
  /** null: no roster yet, shown as 'TBD'. */
  roster: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      displayName: z.string(),
      ownerId: z.string().nullable(),
    })
    .nullable(),
  /** 'TBD' when there is no roster. */
  displayName: z.string(),
  /** 1 = winner, 2 = loser; a draw places both 1. null before the result. */
  placement: z.number().int().nullable(),
  result: competitorResult,
});
export type MatchSeriesCompetitor = z.infer<typeof matchSeriesCompetitor>;

export const matchPeriod = z.object({
  name: z.string(),
  competitors: z.array(z.object({ id: z.string(), result: z.object({ score: z.number().nullable() }) })),
});
export const seriesMatch = z.object({ id: z.string(), periods: z.array(matchPeriod) });

/**
 * Why a series waits for the organizer: the official war could not be read or was never seen
 * (war_log_private, no_war, war_not_ended, no_clan), or a stage series got a result that cannot move
 * its double-elimination bracket (double_forfeit: neither side checked in; bracket_draw: a true
 * draw). The organizer enters the result with PATCH /match-series/{id}/relationships/matches/results.
 */
export const MATCH_SERIES_REVIEW_REASONS = [
  'war_log_private',
  'no_war',
  'war_not_ended',
  'no_clan',
  'double_forfeit',
  'bracket_draw',
] as const;
export type MatchSeriesReviewReason = (typeof MATCH_SERIES_REVIEW_REASONS)[number];

/** Official game (GAME_MODE=official): the war the clans start in the game, as the hub reads it. */
export const officialWarAttributes = z.object({
  /** The match's settings the friendly war must use. */
  settings: z.object({
    teamSize: z.number().int(),
    attacksPerMember: z.number().int(),
    preparationMinutes: z.number().int(),
    battleMinutes: z.number().int(),
  }),
  state: z.enum(['notInWar', 'preparation', 'inWar', 'warEnded']),
  destruction: z.object({ home: z.number(), away: z.number() }).nullable(),
  /** In attack order; `side` is the attacker's. */
  attacks: z.array(
    z.object({
      side: z.enum(['home', 'away']),
      attackerTag: z.string(),
      defenderTag: z.string(),
      stars: z.number().int(),
      destruction: z.number(),
      order: z.number().int(),
      durationSeconds: z.number().int().nullable(),
    }),
  ),
  /** Whether the home clan's public war log agreed with the recorded result. */
  warLog: z.enum(['confirmed', 'differs', 'not_listed', 'private', 'unavailable']).nullable(),
  /** Set when the organizer must decide: the war could not be read or was never seen. */
  reviewReason: z.enum(MATCH_SERIES_REVIEW_REASONS).nullable(),
});
export type OfficialWarAttributes = z.infer<typeof officialWarAttributes>;

/** One attack of a war, in attack order; `side` is the attacker's. */
export const warAttack = z.object({
  side: z.enum(['home', 'away']),
  attackerTag: z.string(),
  defenderTag: z.string(),
  stars: z.number().int(),
  destruction: z.number(),
  order: z.number().int(),
});
export type WarAttack = z.infer<typeof warAttack>;

/** A player of a side's line-up (the 5 who play the war, in attack order). */
export const lineupPlayer = z.object({
  tag: z.string(),
  /** null when the hub does not know the player's name. */
  name: z.string().nullable(),
  townHallLevel: z.number().int().nullable(),
});
export type LineupPlayer = z.infer<typeof lineupPlayer>;

/**
 * What one series shows beyond the lists (GET /match-series/{id} only): both line-ups, the war's
 * attacks (the simulated game's; the official game's are in `officialWar`) and the stage it belongs to.
 */
export const matchSeriesDetail = z.object({
  lineups: z.object({ home: z.array(lineupPlayer), away: z.array(lineupPlayer) }),
  attacks: z.array(warAttack),
  /** null only if the series' segment cannot be read (never a made-up stage). */
  stage: z
    .object({
      name: z.string(),
      stageCode,
      eliminationType,
    })
    .nullable(),
});
export type MatchSeriesDetail = z.infer<typeof matchSeriesDetail>;

export const matchSeriesAttributes = z.object({
  date: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
  state: matchSeriesState,
  /** Home first, away second. */
  competitors: z.array(matchSeriesCompetitor),
  matches: z.array(seriesMatch),
  /** Minutes from now to `date` (negative once it has passed). */
  timeDiffInMinutes: z.number().int(),
  bye: z.boolean(),
  roundNumber: z.number().int().nullable(),
  bracket: z.enum(['upper', 'lower']).nullable(),
  group: z.string().nullable(),
  segment: z.object({ id: z.string() }),
  event: z.object({ id: z.string() }),
  matchUp: z.object({ id: z.string() }).nullable(),
  /** The war created for the series (POST /api/war/1.0/create-war), once it exists. */
  war: z.object({ id: z.string(), link: z.string() }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Official game only; absent or null with the simulated game. */
  officialWar: officialWarAttributes.nullable().optional(),
  /** Set while the series waits for the organizer's result (MATCH_SERIES_REVIEW_REASONS). */
  reviewReason: z.enum(MATCH_SERIES_REVIEW_REASONS).nullable().optional(),
  /** True while a captain's dispute of the result is open (features/disputes). */
  disputed: z.boolean().optional(),
  /** GET /match-series/{id} only: line-ups, attacks and stage (absent from lists). */
  detail: matchSeriesDetail.optional(),
});

/** The spec's list reads `id` and `date`: the date is `attributes.date`. */
export const matchSeriesResource = resource('match-series', matchSeriesAttributes);
export type MatchSeriesResource = z.infer<typeof matchSeriesResource>;
export const matchSeriesDocument = z.object({ data: matchSeriesResource });
export const matchSeriesListDocument = listDocument(matchSeriesResource);

/**
 * filter[state]: `upcoming` (new, live, scheduled and upcoming) or a comma list of states.
 * sort: `date` (default) or `-date`. page[size] default 20.
 */
export const matchSeriesListQuery = pageQuery.extend({
  'filter[user]': resourceId.optional(),
  'filter[event]': resourceId.optional(),
  'filter[roster]': resourceId.optional(),
  'filter[segment]': resourceId.optional(),
  'filter[state]': z
    .string()
    .max(100)
    .regex(MATCH_SERIES_STATE_FILTER, 'a comma list of: upcoming, new, live, finished, scheduled')
    .optional(),
  sort: z.enum(['date', '-date']).optional(),
});
export const matchSeriesParams = z.object({ id: resourceId });

export const checkinResource = z.object({
  id: z.string(),
  type: z.literal('checkins'),
  attributes: z.object({
    createdAt: z.iso.datetime({ offset: true }),
    user: z.object({ id: z.string() }),
    matchSeries: z.object({ id: z.string() }).nullable(),
    roster: z.object({ id: z.string() }).nullable(),
  }),
});
export const checkinListDocument = listDocument(checkinResource);
export const checkinDocument = z.object({ data: checkinResource });
export const checkinListQuery = z.object({ 'filter[matchSeries]': resourceId });
/** Relates a match series or a roster (one of the two). */
export const createCheckinBody = requestBody(
  z.object({ matchSeriesId: resourceId.optional(), rosterId: resourceId.optional() }),
);
