import type {
  ChallengeDocument,
  ChallengeListDocument,
  ChallengeResource,
  ItemListDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { ApiError, api } from '../../lib/api-client';
import { authApi } from '../session/session-api';

export type Challenge = ChallengeResource['attributes'] & { id: string };
export interface VetoItem {
  id: string;
  name: string;
  description: string | null;
}

/** The most items one page carries (contract pageQuery); a category larger than that is not shown whole. */
const ITEMS_PAGE_SIZE = 100;

const unwrap = (resource: ChallengeResource): Challenge => ({ ...resource.attributes, id: resource.id });

/**
 * GET /challenges?filter[matchSeries.id]: the series' pick and ban. The two captains and the
 * event's organizers see a running one; anyone else sees only finished ones (so signed out works).
 */
export async function fetchSeriesChallenges(
  matchSeriesId: string,
  signal?: AbortSignal,
): Promise<Challenge[]> {
  const document = await authApi.get<ChallengeListDocument>(`${API.pickban}/challenges`, {
    query: { 'filter[matchSeries.id]': matchSeriesId },
    ...(signal ? { signal } : {}),
  });
  return document.data.map(unwrap);
}

/** GET /challenges/mine?filter[status]=open: the running picks and bans of the series the caller captains. */
export async function fetchMyOpenChallenges(signal?: AbortSignal): Promise<Challenge[]> {
  const document = await authApi.get<ChallengeListDocument>(`${API.pickban}/challenges/mine`, {
    query: { 'filter[status]': 'open' },
    ...(signal ? { signal } : {}),
  });
  return document.data.map(unwrap);
}

/** GET /items?filter[category.id]&sort=sortOrder: the names of what is banned and picked. */
export async function fetchCategoryItems(categoryId: string, signal?: AbortSignal): Promise<VetoItem[]> {
  const document = await api.get<ItemListDocument>(`${API.pickban}/items`, {
    query: { 'filter[category.id]': categoryId, sort: 'sortOrder', 'page[size]': ITEMS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return document.data.map((item) => ({
    id: item.id,
    name: item.attributes.name,
    description: item.attributes.description,
  }));
}

/** POST /challenges/{id}/vote: the step of the captain whose turn it is. */
export async function voteChallenge(
  challengeId: string,
  choice: { banned: string[]; picked: string[] },
): Promise<Challenge> {
  const document = await authApi.post<ChallengeDocument>(
    `${API.pickban}/challenges/${encodeURIComponent(challengeId)}/vote`,
    { data: { type: 'challenges', attributes: choice } },
  );
  return unwrap(document.data);
}

/** The refusal's reason (`meta.reason`, e.g. VETO_NOT_YOUR_TURN), or its code, for a translated message. */
export function voteRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const first = error.errors[0];
  const reason = first?.meta?.reason;
  return typeof reason === 'string' ? reason : (first?.code ?? null);
}
