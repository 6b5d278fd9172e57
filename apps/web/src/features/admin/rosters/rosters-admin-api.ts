import type {
  AdminRosterResource,
  CheckinReview,
  PageMeta,
  SeedEntry,
  SeedingDocument,
  TeamListDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { ApiError, api, type RequestOptions } from '../../../lib/api-client';
import { adminToken, signOut } from '../console/admin-session';

/**
 * The organizer console's rosters, check-in review and seeding calls (docs/api/rosters-admin.md),
 * plus the stage creation they end with (POST /segments/{id}/bracket with the organizer's seeds).
 */
const T = API.tournaments;

export type AdminRoster = AdminRosterResource;
export type Seeding = SeedingDocument['data']['attributes'];
export type { CheckinReview, SeedEntry };

interface One<R> {
  data: R;
}

async function call<R>(run: (options: RequestOptions) => Promise<R>): Promise<R> {
  try {
    return await run({ headers: { authorization: `Bearer ${adminToken() ?? ''}` } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signOut();
    throw error;
  }
}
const get = <R>(path: string, query?: NonNullable<RequestOptions['query']>) =>
  call((o) => api.get<R>(path, { ...o, ...(query ? { query } : {}) }));
const post = <R>(path: string, attributes?: object) =>
  call((o) => api.post<R>(path, attributes ? { data: { attributes } } : undefined, o));

const rosterPath = (id: string, action: string) => `${T}/admin/rosters/${id}/${action}`;
const reviewPath = (segmentId: string, action = '') =>
  `${T}/admin/segments/${segmentId}/checkin-review${action ? `/${action}` : ''}`;
const review = async (request: Promise<One<{ attributes: CheckinReview }>>) =>
  (await request).data.attributes;

export const rostersAdminApi = {
  search: (filter: {
    eventId: string;
    segmentId?: string;
    teamId?: string;
    search?: string;
    page?: number;
  }) =>
    get<{ data: AdminRoster[]; meta?: PageMeta }>(`${T}/admin/rosters`, {
      'filter[event]': filter.eventId,
      'filter[segment]': filter.segmentId || undefined,
      'filter[team]': filter.teamId || undefined,
      'filter[search]': filter.search || undefined,
      'page[number]': filter.page ?? 1,
      'page[size]': 50,
    }),
  lock: async (id: string) => (await post<One<AdminRoster>>(rosterPath(id, 'lock'))).data,
  unlock: async (id: string) => (await post<One<AdminRoster>>(rosterPath(id, 'unlock'))).data,
  withdraw: async (id: string) => (await post<One<AdminRoster>>(rosterPath(id, 'withdraw'))).data,
  move: async (id: string, segmentId: string) =>
    (
      await call((o) =>
        api.patch<One<AdminRoster>>(
          rosterPath(id, 'relationships/segment'),
          { data: { type: 'segments', id: segmentId } },
          o,
        ),
      )
    ).data,
  /** The team the roster is the entry of (null: none). */
  setTeam: async (id: string, teamId: string | null) =>
    (
      await call((o) =>
        api.patch<One<AdminRoster>>(
          rosterPath(id, 'relationships/team'),
          { data: teamId ? { type: 'teams', id: teamId } : null },
          o,
        ),
      )
    ).data,
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
