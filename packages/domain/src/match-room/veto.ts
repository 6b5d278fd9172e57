import { createPrng, seededShuffle } from '../competition/prng.js';

/**
 * The pick-and-ban (veto) engine of a match room (spec 7 pick and ban, issue #13). Pure: the
 * caller loads the challenge (its order, its pool of items, who starts and the votes so far) and
 * the engine answers the next state or a refusal; nothing is half-applied. A turn that times out
 * gets a default choice drawn from a PRNG seeded by the challenge and the step, so the choice can
 * be replayed on any instance.
 */

export const VETO_ACTIONS = ['ban', 'pick'] as const;
export type VetoAction = (typeof VETO_ACTIONS)[number];

/** Who takes the first step: the higher seed of the stage (seed 1 is the top), or the home side. */
export const VETO_STARTERS = ['higher_seed', 'home'] as const;
export type VetoStarterRule = (typeof VETO_STARTERS)[number];

export type VetoSide = 'home' | 'away';

/** One step of the order: a side bans or picks `count` items; the sides alternate step by step. */
export interface VetoStep {
  action: VetoAction;
  count: number;
}

/** A recorded step: which side, what it banned or picked, and whether the time-out chose it. */
export interface VetoVote {
  step: number;
  side: VetoSide;
  action: VetoAction;
  items: string[];
  auto: boolean;
}

export interface VetoState {
  steps: readonly VetoStep[];
  /** The challenge's item ids (the category's items in sort order when it opened). */
  pool: readonly string[];
  starter: VetoSide;
  votes: readonly VetoVote[];
}

/** What a side submits: the items it bans and the items it picks (one of them is empty). */
export interface VetoBallot {
  /** null: the caller is not a captain of the series. */
  side: VetoSide | null;
  banned: readonly string[];
  picked: readonly string[];
}

export const VETO_ERROR_CODES = [
  /** The order is empty, a step counts less than 1, or the steps need more items than the pool. */
  'VETO_INVALID_SETUP',
  /** Every step has been taken. */
  'VETO_CLOSED',
  /** The caller is not a captain of the series. */
  'VETO_NOT_A_PARTICIPANT',
  /** The other side is to play. */
  'VETO_NOT_YOUR_TURN',
  /** Not exactly the step's number of items, or items under the other action. */
  'VETO_WRONG_COUNT',
  /** An item that is not in this challenge's pool. */
  'VETO_UNKNOWN_ITEM',
  /** An item already banned or picked (or named twice in one vote). */
  'VETO_ITEM_UNAVAILABLE',
] as const;
export type VetoErrorCode = (typeof VETO_ERROR_CODES)[number];

export class VetoError extends Error {
  constructor(
    readonly code: VetoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'VetoError';
  }
}

export function isVetoError(error: unknown): error is VetoError {
  return error instanceof VetoError;
}

/** Refuses an order the pool cannot satisfy (checked when the organizer sets it and when a challenge opens). */
export function validateVetoSetup(steps: readonly VetoStep[], pool: readonly string[]): void {
  if (steps.length === 0) throw new VetoError('VETO_INVALID_SETUP', 'The veto order has no step');
  if (steps.some((s) => !Number.isInteger(s.count) || s.count < 1)) {
    throw new VetoError('VETO_INVALID_SETUP', 'Every step bans or picks at least one item');
  }
  if (new Set(pool).size !== pool.length) {
    throw new VetoError('VETO_INVALID_SETUP', 'The pool names an item twice');
  }
  const needed = steps.reduce((sum, s) => sum + s.count, 0);
  if (needed > pool.length) {
    throw new VetoError(
      'VETO_INVALID_SETUP',
      `The order needs ${needed} items, the category has ${pool.length}`,
    );
  }
}

/**
 * Who starts: the home side, or with `higher_seed` the side with the better (smaller) seed. A side
 * without a seed (a ladder series) or equal seeds leave it to the home side.
 */
export function vetoStarter(
  rule: VetoStarterRule,
  seeds: { home: number | null; away: number | null },
): VetoSide {
  if (rule === 'home' || seeds.home === null || seeds.away === null) return 'home';
  return seeds.away < seeds.home ? 'away' : 'home';
}

const other = (side: VetoSide): VetoSide => (side === 'home' ? 'away' : 'home');

/** The side that takes step `index`: the starter on even steps, the other side on odd ones. */
export function sideOfStep(starter: VetoSide, index: number): VetoSide {
  return index % 2 === 0 ? starter : other(starter);
}

export interface VetoSummary {
  finished: boolean;
  /** Index of the step to take, null once finished. */
  currentStep: number | null;
  /** The side to play, null once finished. */
  turn: VetoSide | null;
  action: VetoAction | null;
  /** How many items the current step takes (0 once finished). */
  count: number;
  banned: string[];
  picked: string[];
  /** Items still free, in pool order. */
  remaining: string[];
}

export function vetoSummary(state: VetoState): VetoSummary {
  const banned = state.votes.filter((v) => v.action === 'ban').flatMap((v) => v.items);
  const picked = state.votes.filter((v) => v.action === 'pick').flatMap((v) => v.items);
  const used = new Set([...banned, ...picked]);
  const remaining = state.pool.filter((id) => !used.has(id));
  const index = state.votes.length;
  const step = state.steps[index];
  if (!step) {
    return {
      finished: true,
      currentStep: null,
      turn: null,
      action: null,
      count: 0,
      banned,
      picked,
      remaining,
    };
  }
  return {
    finished: false,
    currentStep: index,
    turn: sideOfStep(state.starter, index),
    action: step.action,
    count: step.count,
    banned,
    picked,
    remaining,
  };
}

/**
 * Applies one side's vote, or refuses it (in this order): the veto is over, the caller is not a
 * captain, the other side is to play, the wrong number of items (or items under the other
 * action), an item outside the pool, an item already used or named twice.
 */
export function applyVote(state: VetoState, ballot: VetoBallot, auto = false): VetoState {
  const now = vetoSummary(state);
  if (now.finished || now.currentStep === null || now.action === null || now.turn === null) {
    throw new VetoError('VETO_CLOSED', 'The pick and ban is over');
  }
  if (ballot.side === null)
    throw new VetoError('VETO_NOT_A_PARTICIPANT', 'Only a captain of this match may vote');
  if (ballot.side !== now.turn) throw new VetoError('VETO_NOT_YOUR_TURN', 'It is the other captain’s turn');
  const [chosen, unused] =
    now.action === 'ban' ? [ballot.banned, ballot.picked] : [ballot.picked, ballot.banned];
  if (unused.length > 0 || chosen.length !== now.count) {
    const noun = now.count === 1 ? 'item' : 'items';
    throw new VetoError('VETO_WRONG_COUNT', `This step ${now.action}s exactly ${now.count} ${noun}`);
  }
  const pool = new Set(state.pool);
  const unknown = chosen.find((id) => !pool.has(id));
  if (unknown !== undefined)
    throw new VetoError('VETO_UNKNOWN_ITEM', `Item ${unknown} is not in this pick and ban`);
  const free = new Set(now.remaining);
  const taken = chosen.find((id, i) => !free.has(id) || chosen.indexOf(id) !== i);
  if (taken !== undefined)
    throw new VetoError('VETO_ITEM_UNAVAILABLE', `Item ${taken} is already banned or picked`);
  const vote: VetoVote = {
    step: now.currentStep,
    side: now.turn,
    action: now.action,
    items: [...chosen],
    auto,
  };
  return { ...state, votes: [...state.votes, vote] };
}

/** The PRNG of one step of one challenge: the same seed and step give the same draw everywhere. */
function stepRandom(seed: number, step: number): () => number {
  return createPrng((seed ^ Math.imul(step + 1, 0x9e3779b1)) >>> 0);
}

/** The default choice of the current step: `count` free items drawn by the seeded PRNG. */
export function defaultChoice(state: VetoState, seed: number): VetoBallot {
  const now = vetoSummary(state);
  if (now.finished || now.currentStep === null || now.turn === null) {
    throw new VetoError('VETO_CLOSED', 'The pick and ban is over');
  }
  const items = seededShuffle(now.remaining, stepRandom(seed, now.currentStep)).slice(0, now.count);
  return {
    side: now.turn,
    banned: now.action === 'ban' ? items : [],
    picked: now.action === 'pick' ? items : [],
  };
}

/** The current turn ran out: its default choice is recorded as an automatic vote. */
export function timeOutTurn(state: VetoState, seed: number): VetoState {
  return applyVote(state, defaultChoice(state, seed), true);
}
