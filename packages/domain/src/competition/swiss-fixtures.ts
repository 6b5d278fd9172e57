import type { SwissConfig, SwissResult, SwissTeam } from './swiss-types.js';

/** Shared by the swiss standings tests: four teams, three fixed rounds, finished games. */

/** Three fixed rounds. */
export const FIXED_3: SwissConfig = { format: { mode: 'fixed', rounds: 3 } };

/** Teams a … d, seeded 1 … 4. */
export const FOUR_TEAMS: SwissTeam[] = ['a', 'b', 'c', 'd'].map((rosterId, i) => ({ rosterId, seed: i + 1 }));

/** One finished round-1 game with the given outcome, stars and destruction. */
export function standingsGame(
  home: string,
  away: string,
  outcome: SwissResult['outcome'],
  stars: [number, number] = [9, 6],
  destruction: [number, number] = [90, 70],
): SwissResult {
  return {
    roundNumber: 1,
    homeRosterId: home,
    awayRosterId: away,
    outcome,
    homeStars: stars[0],
    awayStars: stars[1],
    homeDestruction: destruction[0],
    awayDestruction: destruction[1],
  };
}
