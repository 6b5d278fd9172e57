import type { PageMeta, StandingResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { STANDINGS_PAGE_SIZE } from '@cwh/domain';
import { api } from '../../lib/api-client';

export type Standing = StandingResource['attributes'] & { id: string };

export interface StandingsPage {
  entries: Standing[];
  page: number;
  totalPages: number;
  total: number;
}

const unwrap = (resource: StandingResource): Standing => ({ ...resource.attributes, id: resource.id });

/** GET /segments/{id}/standings, 20 per page, by placement. */
export async function fetchStandings(
  segmentId: string,
  page: number,
  signal?: AbortSignal,
): Promise<StandingsPage> {
  const document = await api.get<{ data: StandingResource[]; meta?: PageMeta }>(
    `${API.tournaments}/segments/${encodeURIComponent(segmentId)}/standings`,
    {
      query: { 'page[number]': page, 'page[size]': STANDINGS_PAGE_SIZE, sort: 'placement' },
      ...(signal ? { signal } : {}),
    },
  );
  const meta = document.meta?.page;
  return {
    entries: document.data.map(unwrap),
    page: meta?.number ?? page,
    totalPages: Math.max(1, meta?.totalPages ?? 1),
    total: meta?.total ?? document.data.length,
  };
}

/** The team's own row (filter[roster.id]), wherever it ranks. */
export async function fetchOwnStanding(segmentId: string, rosterId: string, signal?: AbortSignal) {
  const document = await api.get<{ data: StandingResource[] }>(
    `${API.tournaments}/segments/${encodeURIComponent(segmentId)}/standings`,
    { query: { 'filter[roster.id]': rosterId }, ...(signal ? { signal } : {}) },
  );
  const first = document.data[0];
  return first ? unwrap(first) : null;
}
