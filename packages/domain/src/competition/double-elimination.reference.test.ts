import { describe, expect, it } from 'vitest';
import { createDoubleElimination } from './double-elimination.js';
import {
  applyBracketResult,
  type BracketResult,
  resolveDoubleElimination,
} from './double-elimination-state.js';
import { createPrng } from './prng.js';
import { ReferenceBracket } from './reference-brackets.test-support.js';

/**
 * Table test against brackets-manager (a widely used bracket library, dev dependency): the same
 * field and the same random result sequence on both, compared after every result: the same matches
 * with the same two teams, and at the end the same placements.
 *
 * Where we differ on purpose:
 * - 2 teams: the library plays no lower bracket and no grand final (a single match); ours is a real
 *   double elimination (the loser of the only match gets its second life in the grand final).
 * - The reset (GF2) is compared while it is played; when the upper-bracket winner takes GF1 ours
 *   marks it cancelled and the library archives it: both end there.
 */

const names = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

async function playBoth(n: number, seed: number) {
  const bracket = createDoubleElimination(names(n).map((rosterId, i) => ({ rosterId, seed: i + 1 })));
  const reference = await ReferenceBracket.create('double_elimination', names(n));
  const coin = createPrng(seed);
  let results: BracketResult[] = [];
  const mismatches: string[] = [];
  for (;;) {
    const state = resolveDoubleElimination(bracket, results);
    const theirs = new Map((await reference.matches()).map((m) => [m.id, m]));
    for (const match of state.matches) {
      if (match.status !== 'ready' && match.status !== 'finished') continue;
      const other = theirs.get(match.id);
      const same = other && other.home === match.homeRosterId && other.away === match.awayRosterId;
      if (!same)
        mismatches.push(
          `${match.id}: ${match.homeRosterId}-${match.awayRosterId} vs ${other?.home}-${other?.away}`,
        );
    }
    // …and the other way: every match the library has with two teams, we have with the same two.
    const ours = new Map(state.matches.map((m) => [m.id, m]));
    for (const other of theirs.values()) {
      if (other.home === null || other.away === null) continue;
      const match = ours.get(other.id);
      if (match?.homeRosterId !== other.home || match.awayRosterId !== other.away) {
        mismatches.push(`${other.id}: library ${other.home}-${other.away}, ours ${match?.status}`);
      }
    }
    const next = state.matches.find((m) => m.status === 'ready');
    if (!next) return { state, reference, mismatches };
    const winner = coin() < 0.5 ? next.homeRosterId! : next.awayRosterId!;
    results = applyBracketResult(bracket, results, { matchId: next.id, winnerRosterId: winner }).results;
    await reference.win(next.id, winner);
  }
}

describe('double elimination against brackets-manager', () => {
  it('2 teams: the library plays one match; ours adds the grand final (the loser keeps a second life)', async () => {
    const reference = await ReferenceBracket.create('double_elimination', names(2));
    expect((await reference.matches()).map((m) => [m.id, m.home, m.away])).toEqual([['U1-1', 't1', 't2']]);
    const bracket = createDoubleElimination(names(2).map((rosterId, i) => ({ rosterId, seed: i + 1 })));
    expect(bracket.nodes.map((n) => n.id)).toEqual(['U1-1', 'GF1', 'GF2']);
  });

  it.each(Array.from({ length: 63 }, (_, i) => i + 2).filter((n) => n > 2))(
    '%i teams: same matches, same pairings, same placements over random result sequences',
    async (n) => {
      for (let run = 0; run < 2; run++) {
        const { state, reference, mismatches } = await playBoth(n, n * 1000 + run);
        expect(mismatches).toEqual([]);
        const ranks = await reference.standings();
        expect(Object.fromEntries(state.placements.map((p) => [p.rosterId, p.placement]))).toEqual(
          Object.fromEntries(ranks),
        );
      }
    },
  );
});
