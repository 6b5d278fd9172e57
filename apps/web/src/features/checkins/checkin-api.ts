import type { CheckinListDocument, MatchCheckInDocument, RosterDocument } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { authApi } from '../session/session-api';

/**
 * Check-in calls (spec 7). Shapes and refusals of the two check-in POSTs: `checkins.ts` of the
 * contract (SEGMENT_CHECK_IN_PATH, MATCH_CHECK_IN_PATH; the paths are repeated here because the web
 * takes runtime values only from the zod-free constants entry).
 */

/** POST {clan}/clan/roster/segment-check-in → the roster, `checkedIn: true` once accepted. */
export async function segmentCheckIn(segmentId: string, playerTags?: readonly string[]): Promise<void> {
  await authApi.post(`${API.clan}/clan/roster/segment-check-in`, {
    data: {
      type: 'segment-check-ins',
      attributes: playerTags ? { segmentId, playerTags: [...playerTags] } : { segmentId },
    },
  });
}

export type MatchCheckInAnswer = MatchCheckInDocument['data']['attributes'];

/** POST {war}/match-check-in: player tags only in a monthly qualifier. */
export async function matchCheckIn(
  matchSeriesId: string,
  playerTags?: readonly string[],
): Promise<MatchCheckInAnswer> {
  const document = await authApi.post<MatchCheckInDocument>(`${API.war}/match-check-in`, {
    data: {
      type: 'match-check-ins',
      attributes: playerTags ? { matchSeriesId, playerTags: [...playerTags] } : { matchSeriesId },
    },
  });
  return document.data.attributes;
}

/** GET /checkins?filter[matchSeries]: the users who checked in to the series. */
export async function fetchCheckInUserIds(matchSeriesId: string): Promise<string[]> {
  const document = await authApi.get<CheckinListDocument>(`${API.matches}/checkins`, {
    query: { 'filter[matchSeries]': matchSeriesId },
  });
  return document.data.map((checkin) => checkin.attributes.user.id);
}

/** GET /rosters/{id}: whether the roster is checked in to its segment. */
export async function fetchRosterCheckedIn(rosterId: string): Promise<boolean> {
  const document = await authApi.get<RosterDocument>(
    `${API.tournaments}/rosters/${encodeURIComponent(rosterId)}`,
  );
  return document.data.attributes.checkedIn;
}

/** GET {clan}/check-clan: the clan may check in (200), else a refusal. */
export async function checkClan(): Promise<void> {
  await authApi.get(`${API.clan}/check-clan`);
}

/** POST {war}/clan/{tag}/selected-players: the five who play the next match. */
export async function saveSelectedPlayers(clanTag: string, playerTags: readonly string[]): Promise<void> {
  await authApi.post(`${API.war}/clan/${encodeURIComponent(clanTag)}/selected-players`, {
    data: { attributes: { playerTags: [...playerTags] } },
  });
}

/** GET {clan}/check-selected-players: the saved five are still fit to play. */
export async function checkSelectedPlayers(): Promise<void> {
  await authApi.get(`${API.clan}/check-selected-players`);
}
