/** Pages of the ladder and leaderboard (one lazy chunk; the match pages are match.tsx's). */

import { LeaderboardPage as Leaderboard } from '../features/leaderboard/leaderboard-page';
import { PublicTeamPanel } from '../features/team-page/public-team-panel';

/** /leaderboard, with a team's public page above the table for `?team=<rosterId>`. */
export function LeaderboardPage() {
  return <Leaderboard teamPanel={<PublicTeamPanel />} />;
}

export { CompetitionPage } from '../features/ladder/competition-page';
export { SchedulePage } from '../features/matches/schedule-page';
export { competitionLoader, leaderboardLoader, scheduleLoader } from './ladder-loaders';
