import { isLocale } from '@cwh/domain';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loadStage, pickedStage } from '../features/brackets/stage-data';
import type { LadderSegment } from '../features/events/ladder-segment';
import { type CompetitionData, competitionTab, type MatchLists } from '../features/ladder/competition-page';
import type { LeaderboardPageData } from '../features/leaderboard/leaderboard-page';
import type { LeaderboardData } from '../features/leaderboard/leaderboard-table';
import { fetchCutLine, fetchOwnStanding, fetchStandings } from '../features/leaderboard/standings-api';
import type { MatchPageData } from '../features/matches/match-page';
import {
  fetchMatchSeries,
  fetchMatchSeriesList,
  fetchNextUpcoming,
} from '../features/matches/match-series-api';
import { fetchParticipants } from '../features/matches/participants';
import {
  type LadderData,
  SCHEDULE_ALL_SIZE,
  SCHEDULE_LIST_SIZE,
  type ScheduleList,
  scheduleList,
} from '../features/matches/schedule-page';
import { fetchPublicTeam } from '../features/team-page/public-team-api';
import type { PublicTeamData } from '../features/team-page/public-team-panel';
import type { SimWarData } from '../features/war/sim-war-page';
import { fetchSimWar } from '../features/war/war-api';
import { localizePath } from '../i18n/locale';
import { settle, valueOr } from '../lib/loadable';
import { ladderOfSession, rosterIdOf, sessionReady } from './session-data';

/** `?page=N` of the paged lists (1 when absent or not a page number). */
function pageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The ladder segment, or null when there is none or it could not be found (pages say "no event"). */
const ladderSegment = async () => valueOr(await ladderOfSession(), null);

/** One page of the ladder's standings and the team's own row, wherever it ranks. */
async function leaderboardData(
  ladder: LadderSegment,
  page: number,
  signal: AbortSignal,
): Promise<LeaderboardData> {
  const rosterId = rosterIdOf(await sessionReady());
  const segmentId = ladder.segment.id;
  const [standings, own, cut] = await Promise.all([
    settle(fetchStandings(segmentId, page, signal)),
    rosterId ? fetchOwnStanding(segmentId, rosterId, signal).catch(() => null) : null,
    fetchCutLine(segmentId, signal),
  ]);
  return { page, standings, own, cut };
}

/** /leaderboard: the ladder segment and one page of its standings; `?team=<rosterId>`: that team too. */
export async function leaderboardLoader({
  request,
}: LoaderFunctionArgs): Promise<LeaderboardPageData & PublicTeamData> {
  const teamId = new URL(request.url).searchParams.get('team');
  const [ladder, team] = await Promise.all([
    ladderSegment(),
    teamId ? settle(fetchPublicTeam(teamId, new Date(), request.signal)) : null,
  ]);
  return {
    ladder,
    board: ladder ? await leaderboardData(ladder, pageOf(request), request.signal) : null,
    team,
  };
}

/** /schedule: the ladder segment (the page lists every segment of its event). */
export async function scheduleLoader({ request }: LoaderFunctionArgs): Promise<LadderData> {
  const ladder = await ladderSegment();
  if (!ladder) return { ladder };
  const all = scheduleList(new URL(request.url).searchParams.get('all'));
  // One more than shown tells whether the list is cut (View All).
  const size = (list: ScheduleList) => (all === list ? SCHEDULE_ALL_SIZE : SCHEDULE_LIST_SIZE + 1);
  const list = (state: ScheduleList) =>
    fetchMatchSeriesList(
      {
        eventId: ladder.event.id,
        state: state === 'upcoming' ? 'upcoming' : 'finished',
        sort: state === 'upcoming' ? 'date' : '-date',
        pageSize: size(state),
      },
      request.signal,
    ).catch(() => []);
  const [upcoming, completed] = await Promise.all([list('upcoming'), list('completed')]);
  return { ladder, matches: { upcoming, completed, all } };
}

/** The team's upcoming and finished series in the segment; failed lists show as empty ones. */
async function matchLists(ladder: LadderSegment, signal: AbortSignal): Promise<MatchLists> {
  const session = await sessionReady();
  const base = {
    eventId: ladder.event.id,
    segmentId: ladder.segment.id,
    rosterId: session.roster?.id ?? null,
  };
  return Promise.all([
    fetchMatchSeriesList({ ...base, state: 'upcoming', sort: 'date' }, signal),
    fetchMatchSeriesList({ ...base, state: 'finished', sort: '-date' }, signal),
  ]).then(
    ([upcoming, completed]) => ({ upcoming, completed }),
    () => ({ upcoming: [], completed: [] }),
  );
}

/** /competition: the ladder segment and the data of the open tab only (`?tab=`). */
export async function competitionLoader({ request }: LoaderFunctionArgs): Promise<CompetitionData> {
  const search = new URL(request.url).searchParams;
  const tab = competitionTab(search.get('tab'));
  const ladder = await ladderSegment();
  const { signal } = request;
  if (!ladder) return { tab, ladder };
  // A swiss or double-elimination stage (picked, or the active segment) shows instead of the ladder.
  const stage = pickedStage(ladder, search.get('stage'));
  if (stage) return { tab, ladder, stage: await loadStage(stage.id, stage, search, signal) };
  switch (tab) {
    case 'matches':
      return { tab, ladder, matches: await matchLists(ladder, signal) };
    case 'leaderboard':
      return { tab, ladder, board: await leaderboardData(ladder, pageOf(request), signal) };
    case 'participants': {
      const stageId = ladder.stage?.id ?? ladder.segment.id;
      return { tab, ladder, participants: await fetchParticipants(stageId, signal).catch(() => []) };
    }
    default:
      return { tab, ladder };
  }
}

/** /match and /match/:id: one match series (no id: missing). */
export async function matchLoader({ params, request }: LoaderFunctionArgs): Promise<MatchPageData> {
  // /match without an id: the player's next (or live) match, else the schedule.
  if (!params.id)
    throw redirect(localizePath(await ownMatchPath(), isLocale(params.locale) ? params.locale : null));
  return {
    series: params.id ? await settle(fetchMatchSeries(params.id, request.signal)) : { status: 'missing' },
  };
}

/** The signed-in player's next or live match, else the schedule (where every match is listed). */
async function ownMatchPath(): Promise<string> {
  const rosterId = rosterIdOf(await sessionReady());
  const next = rosterId ? await fetchNextUpcoming({ rosterId }).catch(() => null) : null;
  return next ? `/match/${encodeURIComponent(next.id)}` : '/schedule';
}

/** /simulator/war/:warId: the simulated war. */
export async function simWarLoader({ params, request }: LoaderFunctionArgs): Promise<SimWarData> {
  return {
    war: params.warId ? await settle(fetchSimWar(params.warId, request.signal)) : { status: 'missing' },
  };
}
