import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairSwissRound } from './swiss-pairing.js';
import { computeSwissStandings } from './swiss-standings.js';
import type { SwissBye, SwissConfig, SwissResult, SwissRoundInput } from './swiss-types.js';

/**
 * The best float (issue 37): against brute force over every pairing of small fields, the round has
 * the fewest rematches, then the fewest cross-group pairings, then the smallest score gaps.
 */

const CONFIG: SwissConfig = { format: { mode: 'fixed', rounds: 9 } };
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

type Cost = [rematches: number, floats: number, gaps: number];

function allMatchings(ids: readonly string[]): [string, string][][] {
  if (ids.length === 0) return [[]];
  const [first, ...rest] = ids;
  return rest.flatMap((partner, index) =>
    allMatchings(rest.filter((_, i) => i !== index)).map((m) => [
      [first!, partner] as [string, string],
      ...m,
    ]),
  );
}

function costOf(pairs: readonly [string, string][], points: Map<string, number>, played: Set<string>): Cost {
  let rematches = 0;
  let floats = 0;
  let gaps = 0;
  for (const [a, b] of pairs) {
    if (played.has(pairKey(a, b))) rematches++;
    const gap = Math.abs(points.get(a)! - points.get(b)!);
    if (gap > 0) floats++;
    gaps += gap;
  }
  return [rematches, floats, gaps];
}

const less = (a: Cost, b: Cost) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Plays `rounds` rounds with the outcomes given, then returns the next round's input. */
function history(n: number, outcomes: number[], rounds: number): SwissRoundInput {
  const teams = Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));
  const results: SwissResult[] = [];
  const byes: SwissBye[] = [];
  let k = 0;
  for (let roundNumber = 1; roundNumber <= rounds; roundNumber++) {
    const round = pairSwissRound({ segmentId: 's', roundNumber, config: CONFIG, teams, results, byes });
    if (round.byeRosterId) byes.push({ roundNumber, rosterId: round.byeRosterId });
    for (const p of round.pairings) {
      const o = outcomes[k++ % outcomes.length]!;
      const outcome = o === 0 ? 'home' : o === 1 ? 'away' : 'draw';
      results.push({
        roundNumber,
        homeRosterId: p.homeRosterId,
        awayRosterId: p.awayRosterId,
        outcome,
        homeStars: 3,
        awayStars: 3,
        homeDestruction: 50,
        awayDestruction: 50,
      });
    }
  }
  return { segmentId: 's', roundNumber: rounds + 1, config: CONFIG, teams, results, byes };
}

describe('swiss: the best float', () => {
  it('property: fewest rematches, then fewest cross-group pairings, then smallest score gaps (4-10 teams)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (n, outcomes, rounds) => {
          const input = history(n, outcomes, Math.min(rounds, n - 2));
          const round = pairSwissRound(input);
          const standings = computeSwissStandings(input.teams, input.results, input.byes, CONFIG, rounds);
          const points = new Map(standings.map((s) => [s.rosterId, s.matchPoints]));
          const played = new Set(input.results.map((r) => pairKey(r.homeRosterId, r.awayRosterId)));
          const players = standings.map((s) => s.rosterId).filter((id) => id !== round.byeRosterId);
          const best = allMatchings(players)
            .map((m) => costOf(m, points, played))
            .sort(less)[0]!;
          const ours = costOf(
            round.pairings.map((p) => [p.homeRosterId, p.awayRosterId]),
            points,
            played,
          );
          expect(ours).toEqual(best);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});
