/** Pages of the ladder, matches, leaderboard and war features (one lazy chunk). */

export { CompetitionPage } from '../features/ladder/competition-page';
export { LeaderboardPage } from '../features/leaderboard/leaderboard-page';
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
