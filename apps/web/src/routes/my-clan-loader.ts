import type { RosterInvitationResource } from '@cwh/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { fetchOwnStanding } from '../features/leaderboard/standings-api';
import { fetchMatchSeriesList } from '../features/matches/match-series-api';
import type { SessionState } from '../features/session/session-store';
import { fetchRosterInvitations } from '../features/teams/team-api';
import type { TeamPlay } from '../features/teams/team-play';
import { type Loadable, ready, settle, valueOr } from '../lib/loadable';
import { ladderOfSession, rosterIdOf, sessionReady } from './session-data';

export interface MyClanData {
  /** Open invitations of the signed-in player to rosters that are not a clan's. */
  invitations: Loadable<RosterInvitationResource[]>;
  /** A locked team's ladder play (rank, record, last and next match); null before the lock. */
  play: Loadable<TeamPlay | null> | null;
}

/** The team's own standings row and its last finished and next upcoming series in the ladder. */
async function teamPlay(session: SessionState, signal: AbortSignal): Promise<TeamPlay | null> {
  const ladder = valueOr(await ladderOfSession(), null);
  const rosterId = rosterIdOf(session);
  if (!ladder || !rosterId) return null;
  const base = { eventId: ladder.event.id, segmentId: ladder.segment.id, rosterId, pageSize: 1 };
  const [standing, [last], [next]] = await Promise.all([
    fetchOwnStanding(ladder.segment.id, rosterId, signal).catch(() => null),
    fetchMatchSeriesList({ ...base, state: 'finished', sort: '-date' }, signal),
    fetchMatchSeriesList({ ...base, state: 'upcoming', sort: 'date' }, signal),
  ]);
  return { standing, last: last ?? null, next: next ?? null };
}

/** My Team: the player's open roster invitations (a clanless player may have some too), the team's play. */
export async function myClanLoader({ request }: LoaderFunctionArgs): Promise<MyClanData> {
  const session = await sessionReady();
  if (!session.scToken) return { invitations: ready([]), play: null };
  const [invitations, play] = await Promise.all([
    settle(fetchRosterInvitations(request.signal)),
    session.roster?.locked ? settle(teamPlay(session, request.signal)) : null,
  ]);
  return { invitations, play };
}
