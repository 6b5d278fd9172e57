import type {
  AdminRosterDocument,
  AdminRosterListDocument,
  AdminRosterResource,
  CheckinReview,
  CheckinReviewDocument,
  SeedEntry,
  SeedingDocument,
  TeamListDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { type ApiQuery, attributesBody } from '../../../lib/api-client';
import { consoleApi } from '../console/admin-session';

/**
 * The organizer console's rosters, check-in review and seeding calls (docs/api/rosters-admin.md),
 * plus the stage creation they end with (POST /segments/{id}/bracket with the organizer's seeds).
 */
const T = API.tournaments;

export type AdminRoster = AdminRosterResource;
export type Seeding = SeedingDocument['data']['attributes'];
export type { CheckinReview, SeedEntry };

const get = <R>(path: string, query?: ApiQuery) => consoleApi.get<R>(path, query ? { query } : {});
const post = <R>(path: string, attributes?: object) =>
  consoleApi.post<R>(path, attributes ? attributesBody(attributes) : undefined);
const patch = async (path: string, data: unknown) =>
  (await consoleApi.patch<AdminRosterDocument>(path, { data })).data;

const rosterPath = (id: string, action: string) => `${T}/admin/rosters/${id}/${action}`;
const reviewPath = (segmentId: string, action = '') =>
  `${T}/admin/segments/${segmentId}/checkin-review${action ? `/${action}` : ''}`;
const review = async (request: Promise<CheckinReviewDocument>) => (await request).data.attributes;

export const rostersAdminApi = {
  search: (filter: {
    eventId: string;
    segmentId?: string;
    teamId?: string;
    search?: string;
    page?: number;
  }) =>
    get<AdminRosterListDocument>(`${T}/admin/rosters`, {
      'filter[event]': filter.eventId,
      'filter[segment]': filter.segmentId || undefined,
      'filter[team]': filter.teamId || undefined,
      'filter[search]': filter.search || undefined,
      'page[number]': filter.page ?? 1,
      'page[size]': 50,
    }),
  lock: async (id: string) => (await post<AdminRosterDocument>(rosterPath(id, 'lock'))).data,
  unlock: async (id: string) => (await post<AdminRosterDocument>(rosterPath(id, 'unlock'))).data,
  withdraw: async (id: string) => (await post<AdminRosterDocument>(rosterPath(id, 'withdraw'))).data,
  move: (id: string, segmentId: string) =>
    patch(rosterPath(id, 'relationships/segment'), { type: 'segments', id: segmentId }),
  /** The team the roster is the entry of (null: none). */
  setTeam: (id: string, teamId: string | null) =>
    patch(rosterPath(id, 'relationships/team'), teamId ? { type: 'teams', id: teamId } : null),
  /** The teams a user owns (GET /teams?filter[owner]), for the roster's team picker. */
  teamsOf: async (ownerId: string) =>
    (await get<TeamListDocument>(`${T}/teams`, { 'filter[owner]': ownerId, 'page[size]': 100 })).data,

  review: (segmentId: string) => review(get(reviewPath(segmentId))),
  readmit: (segmentId: string, rosterId: string, matchSeriesId?: string) =>
    review(post(reviewPath(segmentId, 'readmit'), { rosterId, ...(matchSeriesId ? { matchSeriesId } : {}) })),
  extend: (segmentId: string, to: string) => review(post(reviewPath(segmentId, 'extend'), { to })),
  continueWithout: (segmentId: string) => review(post(reviewPath(segmentId, 'continue'))),

  seeding: async (segmentId: string) =>
    (await get<SeedingDocument>(`${T}/admin/segments/${segmentId}/seeding`)).data.attributes,
  /** Creates the stage in exactly this seed order (the server's default rules otherwise). */
  createStage: (segmentId: string, rosterIds: string[], startsAt?: string) =>
    post<unknown>(`${T}/segments/${segmentId}/bracket`, { rosterIds, ...(startsAt ? { startsAt } : {}) }),
};
