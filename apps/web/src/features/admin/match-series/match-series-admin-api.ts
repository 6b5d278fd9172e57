import type { AdminMatchSeriesListDocument, AdminMatchSeriesResource, RosterDocument } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { type ApiQuery, attributesBody as body } from '../../../lib/api-client';
import { consoleApi } from '../console/admin-session';

/**
 * The match series admin calls of the console (spec §7, docs/api/match-series-admin.md): list and
 * filter, reset, delete and restore, date and state, disqualify a team. Results go through
 * `stageApi.recordResult` (the one place the results call is made).
 */

const T = API.tournaments;
type Query = ApiQuery;

export type AdminSeries = AdminMatchSeriesResource;
export type SeriesPage = AdminMatchSeriesListDocument;

/** The page's filters; empty strings mean "any". */
export interface SeriesFilter {
  eventId: string;
  segmentId: string;
  state: string;
  round: string;
}

export const EDITABLE_STATES = ['new', 'live', 'scheduled', 'upcoming'] as const;
export type EditableState = (typeof EDITABLE_STATES)[number];
export const FILTER_STATES = ['new', 'live', 'scheduled', 'upcoming', 'finished'] as const;

/** The query of a list call: only the filters set (a round only when it is a whole number ≥ 1). */
export function seriesQuery(filter: SeriesFilter, page: number, size: number): Query {
  const query: Query = { 'page[number]': page, 'page[size]': size };
  if (filter.eventId) query['filter[event]'] = filter.eventId;
  if (filter.segmentId) query['filter[segment]'] = filter.segmentId;
  if (filter.state) query['filter[state]'] = filter.state;
  const round = Number(filter.round.trim());
  if (filter.round.trim() && Number.isInteger(round) && round >= 1) query['filter[round]'] = round;
  return query;
}

const reasonOf = (reason: string) => (reason.trim() ? { reason: reason.trim() } : {});

export const matchSeriesAdminApi = {
  list: (filter: SeriesFilter, page = 1, size = 50) =>
    consoleApi.get<SeriesPage>(`${T}/match-series`, { query: seriesQuery(filter, page, size) }),
  deleted: (filter: SeriesFilter, page = 1, size = 50) => {
    const query: Query = { 'page[number]': page, 'page[size]': size };
    if (filter.eventId) query['filter[event]'] = filter.eventId;
    if (filter.segmentId) query['filter[segment]'] = filter.segmentId;
    return consoleApi.get<SeriesPage>(`${T}/match-series/deleted`, { query });
  },
  reset: (id: string, reason: string) =>
    consoleApi.post<unknown>(`${T}/match-series/${id}/reset`, body(reasonOf(reason))),
  remove: (id: string, reason: string) =>
    consoleApi.delete<unknown>(
      `${T}/match-series/${id}`,
      reason.trim() ? { query: { reason: reason.trim() } } : {},
    ),
  restore: (id: string) => consoleApi.post<unknown>(`${T}/match-series/deleted/${id}/restore`, body({})),
  update: (id: string, attributes: { date?: string; state?: EditableState; reason?: string }) =>
    consoleApi.patch<unknown>(`${T}/match-series/${id}`, body(attributes)),
  /**
   * Disqualifies a roster from one stage (issue #31): the series' own segment; the team forfeits
   * that stage's matches and reads the reason, and stays in the championship.
   */
  disqualifyFromStage: (segmentId: string, rosterId: string, reason: string) =>
    consoleApi.post<unknown>(
      `${T}/segments/${segmentId}/rosters/${rosterId}/disqualify`,
      body({ reason: reason.trim() }),
    ),
  /** Disqualifies a roster in its own segment (read from the roster): out of the whole championship. */
  disqualify: async (rosterId: string, reason: string) => {
    const roster = await consoleApi.get<RosterDocument>(`${T}/rosters/${rosterId}`);
    const segmentId = roster.data.attributes.segment.id;
    return matchSeriesAdminApi.disqualifyFromStage(segmentId, rosterId, reason);
  },
};
