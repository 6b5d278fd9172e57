import type { LoaderFunctionArgs } from 'react-router';
import type { LadderSegment } from '../features/events/ladder-segment';
import { type CompetitionData, competitionTab } from '../features/ladder/competition-page';
import type { LeaderboardPageData } from '../features/leaderboard/leaderboard-page';
import type { LeaderboardData } from '../features/leaderboard/leaderboard-table';
import { fetchOwnStanding, fetchStandings } from '../features/leaderboard/standings-api';
import type { MatchPageData } from '../features/matches/match-page';
import { fetchMatchSeries, fetchMatchSeriesList } from '../features/matches/match-series-api';
import { fetchParticipants } from '../features/matches/participants';
import type { LadderData } from '../features/matches/schedule-page';
import type { SimWarData } from '../features/war/sim-war-page';
import { fetchSimWar } from '../features/war/war-api';
import { type Loadable, settle } from '../lib/loadable';
import { ladderOfSession, rosterIdOf, sessionReady } from './session-data';

type Ladder = Promise<Loadable<LadderSegment | null>>;

const ladderValue = async (ladder: Ladder) => {
  const loaded = await ladder;
  return loaded.status === 'ready' ? loaded.value : null;
};

/** `?page=N` of the paged lists (1 when absent or not a page number). */
function pageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** One page of the ladder's standings and the team's own row, wherever it ranks. */
function leaderboardData(ladder: Ladder, page: number, signal: AbortSignal): LeaderboardData {
  const segmentId = ladderValue(ladder).then((value) => value?.segment.id ?? null);
  return {
    page,
    standings: segmentId.then((id) =>
      id ? settle(fetchStandings(id, page, signal)) : { status: 'missing' as const },
    ),
    own: Promise.all([segmentId, sessionReady()]).then(([id, session]) => {
      const rosterId = rosterIdOf(session);
      return id && rosterId ? fetchOwnStanding(id, rosterId, signal).catch(() => null) : null;
    }),
  };
}

/** /leaderboard: the ladder segment and one page of its standings. */
export function leaderboardLoader({ request }: LoaderFunctionArgs): LeaderboardPageData {
  const ladder = ladderOfSession();
  return { ladder, board: leaderboardData(ladder, pageOf(request), request.signal) };
}

/** /schedule: the ladder segment (the page lists every segment of its event). */
export function scheduleLoader(): LadderData {
  return { ladder: ladderOfSession() };
}

/**
 * /competition: the ladder segment and the data of the open tab only (`?tab=`). Failed lists show
 * as empty ones, as the page has no error state of its own for them.
 */
export function competitionLoader({ request }: LoaderFunctionArgs): CompetitionData {
  const tab = competitionTab(new URL(request.url).searchParams.get('tab'));
  const ladder = ladderOfSession();
  const { signal } = request;
  if (tab === 'leaderboard') return { tab, ladder, board: leaderboardData(ladder, pageOf(request), signal) };
  if (tab === 'participants') {
    const participants = ladderValue(ladder).then((value) =>
      value ? fetchParticipants(value.stage?.id ?? value.segment.id, signal).catch(() => []) : [],
    );
    return { tab, ladder, participants };
  }
  if (tab !== 'matches') return { tab, ladder };
  const matches = Promise.all([ladderValue(ladder), sessionReady()]).then(([value, session]) => {
    if (!value) return { upcoming: [], completed: [] };
    const base = {
      eventId: value.event.id,
      segmentId: value.segment.id,
      rosterId: session.roster?.id ?? null,
    };
    return Promise.all([
      fetchMatchSeriesList({ ...base, state: 'upcoming', sort: 'date' }, signal),
      fetchMatchSeriesList({ ...base, state: 'finished', sort: '-date' }, signal),
    ]).then(
      ([upcoming, completed]) => ({ upcoming, completed }),
      () => ({ upcoming: [], completed: [] }),
    );
  });
  return { tab, ladder, matches };
}

/** /match and /match/:id: one match series (no id: missing). */
export function matchLoader({ params, request }: LoaderFunctionArgs): MatchPageData {
  const { id } = params;
  return {
    series: id ? settle(fetchMatchSeries(id, request.signal)) : Promise.resolve({ status: 'missing' }),
  };
}

/** /simulator/war/:warId: the simulated war. */
export function simWarLoader({ params, request }: LoaderFunctionArgs): SimWarData {
  const { warId } = params;
  return { war: warId ? settle(fetchSimWar(warId, request.signal)) : Promise.resolve({ status: 'missing' }) };
}
