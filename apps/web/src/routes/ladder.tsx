/** Pages of the ladder, matches, leaderboard and war features (one lazy chunk). */

import { LeaderboardPage as Leaderboard } from '../features/leaderboard/leaderboard-page';
import { PublicTeamPanel } from '../features/team-page/public-team-panel';

/** /leaderboard, with a team's public page above the table for `?team=<rosterId>`. */
export function LeaderboardPage() {
  return <Leaderboard teamPanel={<PublicTeamPanel />} />;
}

export { CompetitionPage } from '../features/ladder/competition-page';
export { MatchPage } from '../features/matches/match-page';
export { SchedulePage } from '../features/matches/schedule-page';
export { SimWarPage } from '../features/war/sim-war-page';
export {
  competitionLoader,
  leaderboardLoader,
  matchLoader,
  scheduleLoader,
  simWarLoader,
} from './ladder-loaders';
