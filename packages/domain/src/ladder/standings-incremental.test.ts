import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLadderDeltas,
  type LadderResult,
  type LadderTally,
  ladderResultDeltas,
  rankLadder,
  rankTallies,
} from './standings.js';

const ROSTERS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];

/** One war: two distinct rosters, stars 0–15 each, an outcome and sometimes a forfeit. */
const resultArb: fc.Arbitrary<LadderResult> = fc
  .record({
    pair: fc.uniqueArray(fc.constantFrom(...ROSTERS), { minLength: 2, maxLength: 2 }),
    homeStars: fc.integer({ min: 0, max: 15 }),
    awayStars: fc.integer({ min: 0, max: 15 }),
    outcome: fc.constantFrom('home', 'away', 'draw'),
    forfeit: fc.boolean(),
  })
  .map(({ pair, homeStars, awayStars, outcome, forfeit }) => ({
    homeRosterId: pair[0]!,
    awayRosterId: pair[1]!,
    winnerRosterId: outcome === 'draw' ? null : outcome === 'home' ? pair[0]! : pair[1]!,
    homeStars,
    awayStars,
    forfeit,
  }));

/** A new result, or a correction of an earlier one (same rosters, new outcome, stars or forfeit). */
const stepArb = fc.oneof(
  { weight: 3, arbitrary: resultArb.map((result) => ({ kind: 'result' as const, result })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ index: fc.nat(), replacement: resultArb })
      .map((c) => ({ kind: 'correction' as const, ...c })),
  },
);

describe('incremental ladder standings', () => {
  it('applying each result (and each correction as minus old plus new) ranks like the full recalculation', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        const results: LadderResult[] = [];
        const tallies = new Map<string, LadderTally>();
        for (const step of steps) {
          if (step.kind === 'result') {
            results.push(step.result);
            addLadderDeltas(tallies, ladderResultDeltas(step.result));
            continue;
          }
          if (results.length === 0) continue;
          const at = step.index % results.length;
          const old = results[at]!;
          // A correction keeps the series' two rosters; only what happened in the war changes.
          const corrected: LadderResult = {
            ...step.replacement,
            homeRosterId: old.homeRosterId,
            awayRosterId: old.awayRosterId,
            winnerRosterId:
              step.replacement.winnerRosterId === null
                ? null
                : step.replacement.winnerRosterId === step.replacement.homeRosterId
                  ? old.homeRosterId
                  : old.awayRosterId,
          };
          results[at] = corrected;
          addLadderDeltas(tallies, ladderResultDeltas(old, -1));
          addLadderDeltas(tallies, ladderResultDeltas(corrected));
        }
        expect(rankTallies([...tallies.values()])).toEqual(rankLadder(results));
      }),
      { numRuns: 300 },
    );
  });

  it('a forfeit scores the points without stars, and minus one takes a result back exactly', () => {
    const forfeit: LadderResult = {
      homeRosterId: 'a',
      awayRosterId: 'b',
      winnerRosterId: 'b',
      homeStars: 9,
      awayStars: 12,
      forfeit: true,
    };
    expect(ladderResultDeltas(forfeit)).toEqual([
      { rosterId: 'a', points: 0, wins: 0, losses: 1, draws: 0, starsFor: 0, starsAgainst: 0 },
      { rosterId: 'b', points: 3, wins: 1, losses: 0, draws: 0, starsFor: 0, starsAgainst: 0 },
    ]);
    const tallies = new Map<string, LadderTally>();
    addLadderDeltas(tallies, ladderResultDeltas({ ...forfeit, forfeit: false, winnerRosterId: null }));
    addLadderDeltas(tallies, ladderResultDeltas({ ...forfeit, forfeit: false, winnerRosterId: null }, -1));
    expect(tallies.get('a')).toEqual({
      rosterId: 'a',
      points: 0,
      wins: 0,
      losses: 0,
      draws: 0,
      starsFor: 0,
      starsAgainst: 0,
    });
  });

  it('an invalid result (same roster twice, foreign winner) adds nothing', () => {
    const base = { homeStars: 3, awayStars: 1 };
    expect(
      ladderResultDeltas({ ...base, homeRosterId: 'a', awayRosterId: 'a', winnerRosterId: 'a' }),
    ).toEqual([]);
    expect(
      ladderResultDeltas({ ...base, homeRosterId: 'a', awayRosterId: 'b', winnerRosterId: 'c' }),
    ).toEqual([]);
  });
});
