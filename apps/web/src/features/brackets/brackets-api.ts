import type {
  BracketInfoDocument,
  BracketInfoResource,
  MatchSeriesListDocument,
  SwissRecordListDocument,
  SwissRecordResource,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { api } from '../../lib/api-client';
import type { MatchSeriesValue } from '../matches/match-series-api';

export type BracketInfo = BracketInfoResource['attributes'] & { id: string };
export type SwissRecord = SwissRecordResource['attributes'];

/** The list endpoints' largest page; a 64-team bracket has 127 series, a 128-team swiss round 64. */
const MAX_PAGE_SIZE = 100;
/** GET /swiss-records pages by 50 (spec 9). */
const SWISS_PAGE_SIZE = 50;
/** Enough pages for the largest stage (1024 teams); a guard against a server that never ends. */
const MAX_PAGES = 25;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /segments/{id}/bracket/info: the stage of a segment (404 before it is seeded). */
export async function fetchBracketInfo(segmentId: string, signal?: AbortSignal): Promise<BracketInfo> {
  const document = await api.get<BracketInfoDocument>(
    `${API.tournaments}/segments/${encodeURIComponent(segmentId)}/bracket/info`,
    withSignal(signal),
  );
  return { ...document.data.attributes, id: document.data.id };
}

interface Paged<T> {
  data: T[];
  meta?: { page?: { totalPages?: number } } | undefined;
}

/** Every page of a JSON:API list (stops at the last page, or at a short page). */
async function allPages<T>(fetchPage: (page: number) => Promise<Paged<T>>, pageSize: number): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const document = await fetchPage(page);
    out.push(...document.data);
    const totalPages = document.meta?.page?.totalPages;
    if (document.data.length < pageSize || (totalPages !== undefined && page >= totalPages)) break;
  }
  return out;
}

/** GET /bracket/{id}/match-series: every series of the stage, by round then play order. */
export async function fetchStageSeries(
  stageId: string,
  filter: { bracketNumber?: 1 | 2 | 3; roundNumber?: number } = {},
  signal?: AbortSignal,
): Promise<MatchSeriesValue[]> {
  const resources = await allPages(
    (page) =>
      api.get<MatchSeriesListDocument>(
        `${API.tournaments}/bracket/${encodeURIComponent(stageId)}/match-series`,
        {
          query: {
            'filter[bracket.number]': filter.bracketNumber,
            'filter[roundNumber]': filter.roundNumber,
            'page[size]': MAX_PAGE_SIZE,
            'page[number]': page,
          },
          ...withSignal(signal),
        },
      ),
    MAX_PAGE_SIZE,
  );
  return resources.map((resource) => ({ ...resource.attributes, id: resource.id }));
}

/** GET /segments/{id}/swiss-records: the standings after `roundNumber` (default the last finished round). */
export async function fetchSwissRecords(
  segmentId: string,
  roundNumber?: number,
  signal?: AbortSignal,
): Promise<SwissRecord[]> {
  const resources = await allPages(
    (page) =>
      api.get<SwissRecordListDocument>(
        `${API.tournaments}/segments/${encodeURIComponent(segmentId)}/swiss-records`,
        {
          query: {
            'filter[roundNumber]': roundNumber,
            'page[size]': SWISS_PAGE_SIZE,
            'page[number]': page,
          },
          ...withSignal(signal),
        },
      ),
    SWISS_PAGE_SIZE,
  );
  return resources.map((resource) => resource.attributes);
}
