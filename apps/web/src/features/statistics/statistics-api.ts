import type {
  EventStatisticsAttributes,
  PlayerProfileAttributes,
  TeamStatisticsAttributes,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { api } from '../../lib/api-client';
import { authApi } from '../session/session-api';

const T = API.tournaments;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** A tag as it appears in a page address: without the '#', upper case (`/player/P2Q8`). */
export const tagInPath = (tag: string) => tag.replace(/^#/, '').toUpperCase();

/** GET /player-profiles/{tag} (public; 404 when unknown or hidden). */
export async function fetchPlayerProfile(
  tag: string,
  signal?: AbortSignal,
): Promise<PlayerProfileAttributes> {
  const document = await api.get<{ data: { attributes: PlayerProfileAttributes } }>(
    `${T}/player-profiles/${encodeURIComponent(`#${tagInPath(tag)}`)}`,
    withSignal(signal),
  );
  return document.data.attributes;
}

/** GET /rosters/{id}/statistics (public). */
export async function fetchTeamStatistics(
  rosterId: string,
  signal?: AbortSignal,
): Promise<TeamStatisticsAttributes> {
  const document = await api.get<{ data: { attributes: TeamStatisticsAttributes } }>(
    `${T}/rosters/${encodeURIComponent(rosterId)}/statistics`,
    withSignal(signal),
  );
  return document.data.attributes;
}

/** GET /events/{id}/statistics, the whole event or one stage (public). */
export async function fetchEventStatistics(
  eventId: string,
  segmentId: string | null,
  signal?: AbortSignal,
): Promise<EventStatisticsAttributes> {
  const document = await api.get<{ data: { attributes: EventStatisticsAttributes } }>(
    `${T}/events/${encodeURIComponent(eventId)}/statistics`,
    { ...withSignal(signal), ...(segmentId ? { query: { 'filter[segment]': segmentId } } : {}) },
  );
  return document.data.attributes;
}

/** GET /player-profiles/{tag}/full with the player's token: their own profile, hidden or not. */
export async function fetchOwnProfile(tag: string, signal?: AbortSignal): Promise<PlayerProfileAttributes> {
  const document = await authApi.get<{ data: { attributes: PlayerProfileAttributes } }>(
    `${T}/player-profiles/${encodeURIComponent(`#${tagInPath(tag)}`)}/full`,
    withSignal(signal),
  );
  return document.data.attributes;
}

/** PATCH /player-profiles/{tag}/privacy: the player hides their profile from the public, or shows it. */
export async function setProfileHidden(tag: string, profileHidden: boolean): Promise<void> {
  await authApi.patch(`${T}/player-profiles/${encodeURIComponent(`#${tagInPath(tag)}`)}/privacy`, {
    data: { type: 'player-privacy', attributes: { profileHidden } },
  });
}
