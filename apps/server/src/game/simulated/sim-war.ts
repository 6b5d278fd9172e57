import type { WarResult } from '../game-adapter.js';
import { createRandom } from './seeded-random.js';

/**
 * A pure, deterministic 5-versus-5 war: the same line-ups and seed always give the same war, so a
 * simulated match can be replayed, tested and re-derived from what is stored.
 *
 * Each player attacks once, against the opponent at the same line-up position, at the fixed times
 * of the spec's day-two attack order (spec 9).
 */

export const LINEUP_SIZE = 5;

/** Minutes left on the battle clock when each line-up position attacks (spec 9, day-two order). */
export const HOME_ATTACK_MINUTES_LEFT = [37, 29, 21, 13, 5] as const;
export const AWAY_ATTACK_MINUTES_LEFT = [33, 25, 17, 9, 1] as const;

export type WarSideName = 'home' | 'away';

export interface SimLineupPlayer {
  tag: string;
  townHallLevel: number;
}

export interface SimWarInput {
  home: readonly SimLineupPlayer[];
  away: readonly SimLineupPlayer[];
  seed: string | number;
}

export interface SimAttack {
  /** 1-based position in the whole war's timeline. */
  order: number;
  side: WarSideName;
  /** 1-based line-up position of the attacker (and of the mirrored defender). */
  position: number;
  minutesLeft: number;
  attackerTag: string;
  defenderTag: string;
  stars: 0 | 1 | 2 | 3;
  /** Whole percent, 0–100. */
  destruction: number;
}

export interface SimWarOutcome {
  stars: { home: number; away: number };
  /** Average destruction over the 5 enemy bases, two decimals, as the game shows it. */
  destruction: { home: number; away: number };
  winner: WarSideName | 'draw';
  timeline: SimAttack[];
}

export function simulateWar(input: SimWarInput): SimWarOutcome {
  assertLineup('home', input.home);
  assertLineup('away', input.away);
  const random = createRandom(input.seed);

  const slots = [
    ...HOME_ATTACK_MINUTES_LEFT.map((minutesLeft, index) => ({ side: 'home' as const, index, minutesLeft })),
    ...AWAY_ATTACK_MINUTES_LEFT.map((minutesLeft, index) => ({ side: 'away' as const, index, minutesLeft })),
  ].sort((a, b) => b.minutesLeft - a.minutesLeft);

  // Random numbers are drawn in timeline order, so the war reads like it was played.
  const timeline = slots.map(({ side, index, minutesLeft }, position): SimAttack => {
    const attacker = (side === 'home' ? input.home : input.away)[index]!;
    const defender = (side === 'home' ? input.away : input.home)[index]!;
    const { stars, destruction } = rollAttack(attacker.townHallLevel - defender.townHallLevel, random);
    return {
      order: position + 1,
      side,
      position: index + 1,
      minutesLeft,
      attackerTag: attacker.tag,
      defenderTag: defender.tag,
      stars,
      destruction,
    };
  });

  const total = (side: WarSideName, pick: (attack: SimAttack) => number) =>
    timeline.filter((attack) => attack.side === side).reduce((sum, attack) => sum + pick(attack), 0);
  const stars = { home: total('home', (a) => a.stars), away: total('away', (a) => a.stars) };
  const destruction = {
    home: round2(total('home', (a) => a.destruction) / LINEUP_SIZE),
    away: round2(total('away', (a) => a.destruction) / LINEUP_SIZE),
  };
  return { stars, destruction, winner: decideWinner(stars, destruction), timeline };
}

/** The game's rule: more stars wins; equal stars, higher destruction wins; otherwise a draw. */
export function decideWinner(
  stars: { home: number; away: number },
  destruction: { home: number; away: number },
): WarSideName | 'draw' {
  if (stars.home !== stars.away) return stars.home > stars.away ? 'home' : 'away';
  if (destruction.home !== destruction.away) return destruction.home > destruction.away ? 'home' : 'away';
  return 'draw';
}

export function toWarResult(
  outcome: SimWarOutcome,
  ids: { warId: string; matchSeriesId: string },
): WarResult {
  const attacks = outcome.timeline.map(({ order, side, attackerTag, defenderTag, stars, destruction }) => ({
    order,
    side,
    attackerTag,
    defenderTag,
    stars,
    destruction,
  }));
  return { ...ids, stars: outcome.stars, destruction: outcome.destruction, attacks };
}

/**
 * Star odds for one attack, from the town hall gap (attacker minus defender). At equal levels a
 * triple is a coin flip, roughly what top-level championship play looks like; each level of
 * advantage adds 20 points. Stars come first and destruction is drawn to agree with them:
 * 3 stars is 100 %, 2 stars needs at least 50 %, 1 star is 50 % or the town hall, 0 is below 50 %.
 */
function rollAttack(townHallGap: number, random: () => number): Pick<SimAttack, 'stars' | 'destruction'> {
  const triple = clamp(0.5 + 0.2 * townHallGap, 0.02, 0.97);
  const roll = random();
  const spread = random();
  if (roll < triple) return { stars: 3, destruction: 100 };
  const rest = (roll - triple) / (1 - triple);
  if (rest < 0.7) return { stars: 2, destruction: 50 + Math.floor(spread * 50) };
  if (rest < 0.92) return { stars: 1, destruction: 25 + Math.floor(spread * 50) };
  return { stars: 0, destruction: Math.floor(spread * 50) };
}

function assertLineup(side: WarSideName, lineup: readonly SimLineupPlayer[]): void {
  if (lineup.length !== LINEUP_SIZE) {
    throw new RangeError(
      `The ${side} line-up has ${lineup.length} players; a war needs exactly ${LINEUP_SIZE}`,
    );
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
