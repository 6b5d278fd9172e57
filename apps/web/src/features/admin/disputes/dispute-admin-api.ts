import type {
  AdminMatchSeriesDocument,
  DisputeDocument,
  DisputeListDocument,
  DisputeResolveBody,
  DisputeSettingsDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { attributesBody as body } from '../../../lib/api-client';
import type { SeriesResultInput } from '../brackets/stage-api';
import { consoleApi } from '../console/admin-session';

/**
 * The dispute queue of the console (issue #13, docs/api/disputes.md): open disputes of the events
 * the organizer runs, uphold or correct (the correction is the results call's service on the
 * server), and a segment's dispute window.
 */
const T = API.tournaments;

export type DisputeFilter = 'open' | 'all';

export const disputeAdminApi = {
  queue: (filter: DisputeFilter) =>
    consoleApi.get<DisputeListDocument>(`${T}/disputes`, {
      query: { 'page[size]': 100, ...(filter === 'open' ? { 'filter[status]': 'open' } : {}) },
    }),
  series: (id: string) => consoleApi.get<AdminMatchSeriesDocument>(`${T}/match-series/${id}`),
  /** Upholds: the note goes to the captains, the internal reason stays with staff. */
  uphold: (id: string, note: string, internalReason = '') =>
    consoleApi.post<DisputeDocument>(
      `${T}/disputes/${id}/resolve`,
      body({
        resolution: 'upheld',
        note,
        ...(internalReason.trim() ? { internalReason: internalReason.trim() } : {}),
      } satisfies DisputeResolveBody['data']['attributes']),
    ),
  /**
   * Corrects with the result form's input: the form's reason is the internal reason (staff and the
   * activity log), `note` what the captains read.
   */
  correct: (id: string, input: SeriesResultInput & { resetLater?: boolean }, note: string) => {
    const { reason, resetLater, ...result } = input;
    return consoleApi.post<DisputeDocument>(
      `${T}/disputes/${id}/resolve`,
      body({
        resolution: 'corrected',
        note,
        internalReason: reason,
        result,
        ...(resetLater ? { resetLater: true } : {}),
      }),
    );
  },
  settings: (segmentId: string) =>
    consoleApi.get<DisputeSettingsDocument>(`${T}/segments/${segmentId}/dispute-settings`),
  saveSettings: (segmentId: string, disputeWindowMinutes: number) =>
    consoleApi.put<DisputeSettingsDocument>(
      `${T}/segments/${segmentId}/dispute-settings`,
      body({ disputeWindowMinutes }),
    ),
};
