import type {
  MatchUpListDocument,
  MatchUpResource,
  MatchUpStatusValue,
  QueueEntryStatus,
  QueueJoinBody,
  QueueStatusDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import type { LadderStatusLookup } from '@cwh/domain';
import { ApiError, buildUrl, tenantHeaders } from '../../lib/api-client';
import { authApi, authHeaders } from '../session/session-api';

/** One match-up as GET /match-ups lists it (spec 7). */
export interface MatchUpValue {
  id: string;
  status: MatchUpStatusValue;
  createdAt: string;
  expiresAt: string | null;
  /** The other team's name: the side whose captain is not the user. */
  opponent: string | null;
}

const queuePath = (rosterId: string, action: 'status' | 'join' | 'leave') =>
  `${API.matches}/queue/${encodeURIComponent(rosterId)}/${action}`;

/** The queue entry as the queue screen tells it: how it ended, its match, its rematch wait. */
export interface QueueEntryView {
  status: QueueEntryStatus;
  /** Epoch ms the entry ended (declined, expired, left), null while live. */
  endedAt: number | null;
  matchSeriesId: string | null;
  /** While waiting after a match-up: the last opponent, met again from `notBefore` (epoch ms). */
  rematch: { opponent: string | null; graceMs: number; notBefore: number | null } | null;
}

/** What the status check found: the derivation input plus when the team joined, and the entry. */
export type QueueLookup = LadderStatusLookup & {
  notFound?: boolean;
  joinedAt?: number | null;
  entry?: QueueEntryView | null;
};

const epochOrNull = (value: string | null | undefined) => {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** GET /queue/{rosterId}/status → the spec's ladder status lookup (no record / a status / failed). */
export async function fetchQueueStatus(rosterId: string): Promise<QueueLookup> {
  try {
    const document = await authApi.get<QueueStatusDocument>(queuePath(rosterId, 'status'));
    const record = document.data;
    if (!record) return { ok: true, record: null, entry: null };
    const { attributes } = record;
    const rematch = attributes.rematch ?? null;
    return {
      ok: true,
      record: { id: record.id, status: attributes.status },
      joinedAt: epochOrNull(attributes.joinedAt),
      entry: {
        status: attributes.status,
        endedAt: epochOrNull(attributes.endedAt),
        matchSeriesId: attributes.matchSeriesId,
        rematch: rematch && {
          opponent: rematch.opponent.name,
          graceMs: rematch.graceMs,
          notBefore: epochOrNull(rematch.notBefore),
        },
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { ok: false, notFound: true };
    return { ok: false };
  }
}

/** POST /queue/{rosterId}/join with the five player tags. */
export async function joinQueue(rosterId: string, playerTags: readonly string[]): Promise<void> {
  const body: QueueJoinBody = { data: { attributes: { playerTags: [...playerTags] } } };
  await authApi.post(queuePath(rosterId, 'join'), body);
}

export async function leaveQueue(rosterId: string): Promise<void> {
  await authApi.post(queuePath(rosterId, 'leave'), { data: { attributes: {} } });
}

/**
 * Leaves the queue while the page is closing: `fetch(..., {keepalive: true})` survives the
 * unload and, unlike sendBeacon, can carry the bearer token and tenant headers.
 */
export function leaveQueueOnUnload(rosterId: string): void {
  try {
    void fetch(buildUrl(queuePath(rosterId, 'leave')), {
      method: 'POST',
      keepalive: true,
      headers: {
        'content-type': 'application/vnd.api+json',
        accept: 'application/vnd.api+json',
        ...tenantHeaders(),
        ...authHeaders(),
      },
      body: JSON.stringify({ data: { attributes: {} } }),
    }).catch(() => {});
  } catch {
    // The page is going away; nothing more to do.
  }
}

function toMatchUp(resource: MatchUpResource, userId: string): MatchUpValue {
  const other = resource.attributes.sides.find((side) => side.ownerId !== userId);
  return {
    id: resource.id,
    status: resource.attributes.status,
    createdAt: resource.attributes.createdAt,
    expiresAt: resource.attributes.expiresAt,
    opponent: other?.roster.name || null,
  };
}

async function listMatchUps(userId: string): Promise<MatchUpResource[]> {
  const document = await authApi.get<MatchUpListDocument>(`${API.matches}/match-ups`, {
    query: { 'filter[user.id]': userId },
  });
  return document.data;
}

/** GET /match-ups?filter[user.id]=…: the user's first (newest) match-up, or null. */
export async function fetchFirstMatchUp(userId: string): Promise<MatchUpValue | null> {
  const first = (await listMatchUps(userId))[0];
  return first ? toMatchUp(first, userId) : null;
}

/** The match-up a socket notice named, from the same list (its deadline is the server's). */
export async function fetchMatchUp(userId: string, id: string): Promise<MatchUpValue | null> {
  const found = (await listMatchUps(userId)).find((item) => item.id === id);
  return found ? toMatchUp(found, userId) : null;
}

export async function acceptMatchUp(id: string): Promise<void> {
  await authApi.post(`${API.matches}/match-ups/${encodeURIComponent(id)}/accept`);
}

export async function declineMatchUp(id: string): Promise<void> {
  await authApi.post(`${API.matches}/match-ups/${encodeURIComponent(id)}/decline`);
}
