/** Pages of the ladder, matches, leaderboard and war features (one lazy chunk). */
export { LeaderboardPage } from '../features/leaderboard/leaderboard-page';
export { CompetitionPage } from '../features/matches/competition-page';
export { MatchPage } from '../features/matches/match-page';
export { SchedulePage } from '../features/matches/schedule-page';
export { SimWarPage } from '../features/war/sim-war-page';
