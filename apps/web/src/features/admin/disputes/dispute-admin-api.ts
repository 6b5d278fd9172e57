import type {
  AdminMatchSeriesResource,
  DisputeListDocument,
  DisputeResolveBody,
  DisputeResource,
  DisputeSettingsDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { ApiError, api, type RequestOptions } from '../../../lib/api-client';
import type { SeriesResultInput } from '../brackets/stage-api';
import { adminToken, signOut } from '../console/admin-session';

/**
 * The dispute queue of the console (issue #13, docs/api/disputes.md): open disputes of the events
 * the organizer runs, uphold or correct (the correction is the results call's service on the
 * server), and a segment's dispute window.
 */
const T = API.tournaments;

async function call<R>(run: (options: RequestOptions) => Promise<R>): Promise<R> {
  try {
    return await run({ headers: { authorization: `Bearer ${adminToken() ?? ''}` } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signOut();
    throw error;
  }
}
const body = (attributes: object) => ({ data: { attributes } });

export type DisputeFilter = 'open' | 'all';

export const disputeAdminApi = {
  queue: (filter: DisputeFilter) =>
    call((o) =>
      api.get<DisputeListDocument>(`${T}/disputes`, {
        ...o,
        query: { 'page[size]': 100, ...(filter === 'open' ? { 'filter[status]': 'open' } : {}) },
      }),
    ),
  series: (id: string) =>
    call((o) => api.get<{ data: AdminMatchSeriesResource }>(`${T}/match-series/${id}`, o)),
  /** Upholds: the note goes to the captains, the internal reason stays with staff. */
  uphold: (id: string, note: string, internalReason = '') =>
    call((o) =>
      api.post<{ data: DisputeResource }>(
        `${T}/disputes/${id}/resolve`,
        body({
          resolution: 'upheld',
          note,
          ...(internalReason.trim() ? { internalReason: internalReason.trim() } : {}),
        } satisfies DisputeResolveBody['data']['attributes']),
        o,
      ),
    ),
  /**
   * Corrects with the result form's input: the form's reason is the internal reason (staff and the
   * activity log), `note` what the captains read.
   */
  correct: (id: string, input: SeriesResultInput & { resetLater?: boolean }, note: string) => {
    const { reason, resetLater, ...result } = input;
    return call((o) =>
      api.post<{ data: DisputeResource }>(
        `${T}/disputes/${id}/resolve`,
        body({
          resolution: 'corrected',
          note,
          internalReason: reason,
          result,
          ...(resetLater ? { resetLater: true } : {}),
        }),
        o,
      ),
    );
  },
  settings: (segmentId: string) =>
    call((o) => api.get<DisputeSettingsDocument>(`${T}/segments/${segmentId}/dispute-settings`, o)),
  saveSettings: (segmentId: string, disputeWindowMinutes: number) =>
    call((o) =>
      api.put<DisputeSettingsDocument>(
        `${T}/segments/${segmentId}/dispute-settings`,
        body({ disputeWindowMinutes }),
        o,
      ),
    ),
};
