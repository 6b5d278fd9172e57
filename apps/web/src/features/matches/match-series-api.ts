import type { MatchSeriesDocument, MatchSeriesListDocument, MatchSeriesResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { POLL_MATCHES_PAGE_SIZE, UPCOMING_MATCHES_PAGE_SIZE } from '@cwh/domain';
import { api } from '../../lib/api-client';

export type MatchSeriesValue = MatchSeriesResource['attributes'] & { id: string };

const unwrap = (resource: MatchSeriesResource): MatchSeriesValue => ({
  ...resource.attributes,
  id: resource.id,
});

export interface MatchSeriesFilter {
  userId?: string | null;
  eventId?: string | null;
  rosterId?: string | null;
  segmentId?: string | null;
  /** `upcoming` (new, live, scheduled) or a comma list of states. */
  state?: string;
  sort?: 'date' | '-date';
  pageSize?: number;
}

/** GET /match-series with the spec's filters; page 1. */
export async function fetchMatchSeriesList(
  filter: MatchSeriesFilter,
  signal?: AbortSignal,
): Promise<MatchSeriesValue[]> {
  const document = await api.get<MatchSeriesListDocument>(`${API.matches}/match-series`, {
    query: {
      'filter[user]': filter.userId,
      'filter[event]': filter.eventId,
      'filter[roster]': filter.rosterId,
      'filter[segment]': filter.segmentId,
      'filter[state]': filter.state,
      sort: filter.sort ?? 'date',
      'page[size]': filter.pageSize ?? UPCOMING_MATCHES_PAGE_SIZE,
      'page[number]': 1,
    },
    ...(signal ? { signal } : {}),
  });
  return document.data.map(unwrap);
}

/** The ladder poll: the next upcoming match series of the roster (page[size]=1). */
export async function fetchNextUpcoming(filter: Omit<MatchSeriesFilter, 'state' | 'pageSize' | 'sort'>) {
  const [next] = await fetchMatchSeriesList({
    ...filter,
    state: 'upcoming',
    sort: 'date',
    pageSize: POLL_MATCHES_PAGE_SIZE,
  });
  return next ?? null;
}

export async function fetchMatchSeries(id: string, signal?: AbortSignal): Promise<MatchSeriesValue> {
  const document = await api.get<MatchSeriesDocument>(
    `${API.matches}/match-series/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return unwrap(document.data);
}

/** Stars of a competitor: the `stars` period of the first match, else its result score. */
export function starsOf(series: MatchSeriesValue, competitorId: string): number | null {
  for (const match of series.matches) {
    const period = match.periods.find((candidate) => candidate.name === 'stars');
    const entry = period?.competitors.find((competitor) => competitor.id === competitorId);
    if (entry) return entry.result.score;
  }
  return series.competitors.find((competitor) => competitor.id === competitorId)?.result.score ?? null;
}
