import { listDocument, pageQuery, requestBody, resource } from './jsonapi.js';
import { MATCH_SERIES_STATE_VALUES, matchSeriesAttributes } from './match-series.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * Match series admin under `/api/tournaments/1.0` (spec 7, docs/api/match-series-admin.md):
 * organizers of the series' event and admins.
 * - GET /match-series (filters), GET /match-series/{id} (a deleted one too, with `deletedAt`);
 * - GET /match-series/deleted?filter[segment]=…;
 * - POST /match-series/{id}/reset; DELETE /match-series/{id}; POST /match-series/deleted/{id}/restore;
 * - PATCH /match-series/{id} (date, state); PATCH /match-series/assign-rosters;
 * - POST /segments/{id}/rosters/{rosterId}/disqualify (the team forfeits its remaining series).
 * The public list of players stays `/api/matches/1.0/match-series` (deleted series left out).
 */

const STATE_WORD = `\\s*(?:${MATCH_SERIES_STATE_VALUES.join('|')})\\s*`;
const STATE_FILTER = new RegExp(`^${STATE_WORD}(?:,${STATE_WORD})*$`);

/** Which competition a series belongs to: the ladder, or the format of its stage. */
export const MATCH_SERIES_COMPETITIONS = ['ladder', 'swiss', 'double_elimination'] as const;

export const adminMatchSeriesAttributes = matchSeriesAttributes.extend({
  competition: z.enum(MATCH_SERIES_COMPETITIONS),
  /** Set while the series is deleted (only the admin reads show it). */
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export const adminMatchSeriesResource = resource('match-series', adminMatchSeriesAttributes);
export type AdminMatchSeriesResource = z.infer<typeof adminMatchSeriesResource>;
export const adminMatchSeriesDocument = z.object({ data: adminMatchSeriesResource });
export type AdminMatchSeriesDocument = z.infer<typeof adminMatchSeriesDocument>;
export const adminMatchSeriesListDocument = listDocument(adminMatchSeriesResource);
export type AdminMatchSeriesListDocument = z.infer<typeof adminMatchSeriesListDocument>;

const isoDate = z.iso.datetime({ offset: true });

/**
 * Organizers see the series of the events they run (filter[event] of another event: 403); admins
 * all. filter[state] is a comma list of states; filter[from] / filter[to] bound `date` (inclusive).
 * Sort by date (default) or -date; page[size] default 50.
 */
export const adminMatchSeriesListQuery = pageQuery.extend({
  'filter[event]': resourceId.optional(),
  'filter[segment]': resourceId.optional(),
  'filter[roster]': resourceId.optional(),
  'filter[state]': z
    .string()
    .max(100)
    .regex(STATE_FILTER, 'a comma list of: new, live, finished, scheduled, upcoming')
    .optional(),
  'filter[round]': z.coerce.number().int().min(1).max(1000).optional(),
  'filter[from]': isoDate.optional(),
  'filter[to]': isoDate.optional(),
  sort: z.enum(['date', '-date']).optional(),
});
export type AdminMatchSeriesListQuery = z.infer<typeof adminMatchSeriesListQuery>;

/** The deleted series, newest deletion first. */
export const deletedMatchSeriesListQuery = pageQuery.extend({
  'filter[segment]': resourceId.optional(),
  'filter[event]': resourceId.optional(),
});

/** States the organizer may set by hand: a series is finished by its result, never by PATCH. */
export const EDITABLE_MATCH_SERIES_STATES = ['new', 'live', 'scheduled', 'upcoming'] as const;

export const matchSeriesPatchBody = requestBody(
  z
    .object({
      date: isoDate.optional(),
      state: z.enum(EDITABLE_MATCH_SERIES_STATES).optional(),
      /** Why (activity log). */
      reason: z.string().trim().min(1).max(500).optional(),
    })
    .strict(),
);
export type MatchSeriesPatchBody = z.infer<typeof matchSeriesPatchBody>;

/** Reset, delete, restore, disqualify: an optional reason kept in the activity log. */
export const matchSeriesActionBody = requestBody(
  z.object({ reason: z.string().trim().min(1).max(500).optional() }).strict(),
);

/**
 * Sets the home and/or away roster of unfinished series (null empties a side). Every assignment is
 * checked, then all are written in one transaction (one refusal writes nothing).
 */
export const assignRostersBody = requestBody(
  z
    .object({
      assignments: z
        .array(
          z
            .object({
              matchSeriesId: resourceId,
              home: resourceId.nullable().optional(),
              away: resourceId.nullable().optional(),
            })
            .strict(),
        )
        .min(1)
        .max(100),
      reason: z.string().trim().min(1).max(500).optional(),
    })
    .strict(),
);
export type AssignRostersBody = z.infer<typeof assignRostersBody>;

export const disqualifyParams = z.object({ id: resourceId, rosterId: resourceId });
export const disqualifyBody = requestBody(z.object({ reason: z.string().trim().min(1).max(500) }).strict());

export const disqualificationDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('disqualifications'),
    attributes: z.object({
      roster: z.object({ id: z.string() }),
      segment: z.object({ id: z.string() }),
      /**
       * `championship`: the roster's own segment, the team is withdrawn from the whole championship;
       * `stage`: a stage's segment, the team is out of that stage only (issue #31), not withdrawn.
       */
      scope: z.enum(['championship', 'stage']).optional(),
      /** When the roster was withdrawn (championship), else null. */
      withdrawnAt: isoDate.nullable(),
      /** The unfinished series it played against a known opponent: forfeited (FFL for it). */
      forfeitedMatchSeriesIds: z.array(z.string()),
      reason: z.string(),
    }),
  }),
});
export type DisqualificationDocument = z.infer<typeof disqualificationDocument>;
export type DeletedMatchSeriesListQuery = z.infer<typeof deletedMatchSeriesListQuery>;
export type MatchSeriesActionBody = z.infer<typeof matchSeriesActionBody>;
export type DisqualifyBody = z.infer<typeof disqualifyBody>;

/** GET /rosters/{id}/stage-disqualifications: the stages a team was disqualified from, with the reason it reads. */
export const stageDisqualificationListDocument = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      type: z.literal('stage-disqualifications'),
      attributes: z.object({
        roster: z.object({ id: z.string() }),
        segment: z.object({ id: z.string(), name: z.string() }),
        reason: z.string(),
        createdAt: isoDate,
      }),
    }),
  ),
});
export type StageDisqualificationListDocument = z.infer<typeof stageDisqualificationListDocument>;
export type StageDisqualificationResource = StageDisqualificationListDocument['data'][number];
