import type { CutLineDocument, StandingListDocument, StandingResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { STANDINGS_PAGE_SIZE } from '@cwh/domain';
import { api } from '../../lib/api-client';

/** A standings row as the table shows it: the resource's attributes with its id. */
export type Standing = StandingResource['attributes'] & { id: string };

/** One page of standings, with the list document's paging meta made total. */
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
  const document = await api.get<StandingListDocument>(
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
  const document = await api.get<StandingListDocument>(
    `${API.tournaments}/segments/${encodeURIComponent(segmentId)}/standings`,
    { query: { 'filter[roster.id]': rosterId }, ...(signal ? { signal } : {}) },
  );
  const first = document.data[0];
  return first ? unwrap(first) : null;
}

/** The cut line's tie (issue 37): who of the teams tied across the advancing places advances, and why. */
export type CutLine = CutLineDocument['data']['attributes'];

/** GET /segments/{id}/cut-line; null when it cannot be read (the table then marks ranks alone). */
export async function fetchCutLine(segmentId: string, signal?: AbortSignal): Promise<CutLine | null> {
  try {
    const document = await api.get<CutLineDocument>(
      `${API.tournaments}/segments/${encodeURIComponent(segmentId)}/cut-line`,
      signal ? { signal } : {},
    );
    return document.data.attributes;
  } catch {
    return null;
  }
}
