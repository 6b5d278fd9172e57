import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyVote,
  isVetoError,
  sideOfStep,
  timeOutTurn,
  type VetoBallot,
  type VetoSide,
  type VetoState,
  vetoSummary,
} from './veto.js';

/** A valid setup: 1..6 steps of 1..3 items, a pool at least as large as the steps need. */
const setup = fc
  .record({
    steps: fc.array(
      fc.record({
        action: fc.constantFrom('ban' as const, 'pick' as const),
        count: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    spare: fc.integer({ min: 0, max: 4 }),
    starter: fc.constantFrom<VetoSide>('home', 'away'),
    seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  })
  .map(({ steps, spare, starter, seed }) => {
    const size = steps.reduce((n, s) => n + s.count, 0) + spare;
    const pool = Array.from({ length: size }, (_, i) => `item-${i}`);
    return { state: { steps, pool, starter, votes: [] } as VetoState, seed };
  });

/** Arbitrary ballots, mostly wrong: any side, any items (some outside the pool), any counts. */
const ballot = fc.record({
  side: fc.constantFrom<VetoSide | null>('home', 'away', null),
  banned: fc.array(
    fc.oneof(
      fc.integer({ min: 0, max: 20 }).map((i) => `item-${i}`),
      fc.constant('x'),
    ),
    {
      maxLength: 3,
    },
  ),
  picked: fc.array(
    fc.integer({ min: 0, max: 20 }).map((i) => `item-${i}`),
    { maxLength: 3 },
  ),
});

function invariants(state: VetoState): void {
  // The order is respected: vote k is step k, by the alternating side, with the step's action and count.
  state.votes.forEach((vote, k) => {
    expect(vote.step).toBe(k);
    expect(vote.side).toBe(sideOfStep(state.starter, k));
    expect(vote.action).toBe(state.steps[k]!.action);
    expect(vote.items).toHaveLength(state.steps[k]!.count);
  });
  // No item used twice, and every used item is in the pool.
  const used = state.votes.flatMap((v) => v.items);
  expect(new Set(used).size).toBe(used.length);
  for (const id of used) expect(state.pool).toContain(id);
}

describe('veto engine properties', () => {
  it('any sequence of ballots (accepted or refused) keeps the order and never reuses an item', () => {
    fc.assert(
      fc.property(
        setup,
        fc.array(fc.tuple(ballot, fc.boolean()), { maxLength: 30 }),
        ({ state: start, seed }, moves) => {
          let state = start;
          for (const [b, timeOut] of moves) {
            const before = state;
            try {
              state =
                timeOut && !vetoSummary(state).finished
                  ? timeOutTurn(state, seed)
                  : applyVote(state, b as VetoBallot);
            } catch (error) {
              if (!isVetoError(error)) throw error;
              expect(state).toBe(before);
            }
            invariants(state);
          }
        },
      ),
    );
  });

  it('time-outs alone always complete the veto, in exactly one step each', () => {
    fc.assert(
      fc.property(setup, ({ state: start, seed }) => {
        let state = start;
        for (let k = 0; k < start.steps.length; k++) {
          expect(vetoSummary(state).finished).toBe(false);
          state = timeOutTurn(state, seed);
        }
        expect(vetoSummary(state).finished).toBe(true);
        expect(state.votes.every((v) => v.auto)).toBe(true);
        invariants(state);
      }),
    );
  });

  it('a time-out is replayable: the same state and seed give the same choice', () => {
    fc.assert(
      fc.property(setup, ({ state, seed }) => {
        expect(timeOutTurn(state, seed)).toEqual(timeOutTurn(structuredClone(state), seed));
      }),
    );
  });
});
