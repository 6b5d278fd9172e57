/** Profiles, team statistics and event statistics (issue #38, one lazy chunk). */
import type { LoaderFunctionArgs } from 'react-router';
import type { EventStatisticsData } from '../features/statistics/event-statistics-page';
import type { PlayerProfileData } from '../features/statistics/player-profile-page';
import {
  fetchEventStatistics,
  fetchOwnProfile,
  fetchPlayerProfile,
  fetchTeamStatistics,
  tagInPath,
} from '../features/statistics/statistics-api';
import type { TeamStatisticsData } from '../features/statistics/team-statistics-page';
import { settle } from '../lib/loadable';
import { ladderOfSession, sessionReady } from './session-data';

export { EventStatisticsPage } from '../features/statistics/event-statistics-page';
export { PlayerProfilePage } from '../features/statistics/player-profile-page';
export { TeamStatisticsPage } from '../features/statistics/team-statistics-page';

/** /player/{tag}: the public profile (missing when unknown or hidden by the player). */
export async function playerProfileLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<PlayerProfileData> {
  const tag = params.tag ?? '';
  // The player's own profile comes with its privacy switch (and shows even when hidden).
  const session = await sessionReady();
  const own =
    session.scToken !== null && session.playerTag !== null && tagInPath(session.playerTag) === tagInPath(tag);
  const profile = own ? fetchOwnProfile(tag, request.signal) : fetchPlayerProfile(tag, request.signal);
  return { tag, own, profile: await settle(profile) };
}

/** /team/{rosterId}: the team's record, points history, line-ups, head-to-head and placements. */
export async function teamStatisticsLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<TeamStatisticsData> {
  return { team: await settle(fetchTeamStatistics(params.rosterId ?? '', request.signal)) };
}

/** /statistics[?segment=…]: the statistics of the session's event, or of one of its stages. */
export async function eventStatisticsLoader({ request }: LoaderFunctionArgs): Promise<EventStatisticsData> {
  const ladder = await ladderOfSession();
  if (ladder.status !== 'ready' || !ladder.value) return { stages: [], statistics: { status: 'missing' } };
  const { event, all } = ladder.value;
  const segmentId = new URL(request.url).searchParams.get('segment');
  const stages = all.map((s) => ({ id: s.id, name: s.attributes.name }));
  const chosen = segmentId && stages.some((s) => s.id === segmentId) ? segmentId : null;
  return { stages, statistics: await settle(fetchEventStatistics(event.id, chosen, request.signal)) };
}
