/**
 * The match pages (a match's room: line-ups, pick and ban, war guide, screenshots) and the simulated
 * game's war screen: a chunk of their own, with their own texts, so the public ladder pages
 * (competition, leaderboard, schedule) do not load them (issue 33).
 */
export { MatchPage } from '../features/matches/match-page';
export { SimWarPage } from '../features/war/sim-war-page';
export { matchLoader, simWarLoader } from './ladder-loaders';
