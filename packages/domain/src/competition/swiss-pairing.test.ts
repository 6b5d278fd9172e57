import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompetitionError } from './competition-error.js';
import { createPrng } from './prng.js';
import { pairSwissRound } from './swiss-pairing.js';
import { computeSwissStandings } from './swiss-standings.js';
import type { SwissBye, SwissConfig, SwissResult, SwissRoundOutput, SwissTeam } from './swiss-types.js';

const teamsOf = (n: number): SwissTeam[] =>
  Array.from({ length: n }, (_, i) => ({ rosterId: `r${String(i + 1).padStart(3, '0')}`, seed: i + 1 }));

/** Plays every pairing of a round with seeded random results (draws included). */
function play(round: SwissRoundOutput, random: () => number): SwissResult[] {
  return round.pairings.map((p) => {
    const roll = random();
    const outcome = roll < 0.1 ? 'draw' : roll < 0.55 ? 'home' : 'away';
    const stars = outcome === 'draw' ? [10, 10] : outcome === 'home' ? [12, 8] : [7, 13];
    return {
      roundNumber: round.roundNumber,
      homeRosterId: p.homeRosterId,
      awayRosterId: p.awayRosterId,
      outcome,
      homeStars: stars[0]!,
      awayStars: stars[1]!,
      homeDestruction: outcome === 'draw' ? 80 : Math.round(random() * 1000) / 10,
      awayDestruction: outcome === 'draw' ? 80 : Math.round(random() * 1000) / 10,
    };
  });
}

function runStage(teams: SwissTeam[], config: SwissConfig, seed: number, segmentId = 'seg-1') {
  const random = createPrng(seed);
  const results: SwissResult[] = [];
  const byes: SwissBye[] = [];
  const rounds: { input: Parameters<typeof pairSwissRound>[0]; output: SwissRoundOutput }[] = [];
  for (let roundNumber = 1; ; roundNumber++) {
    const input = { segmentId, roundNumber, config, teams, results: [...results], byes: [...byes] };
    let output: SwissRoundOutput;
    try {
      output = pairSwissRound(input);
    } catch (error) {
      // More rounds than an odd field has byes to give: the engine refuses rather than give two.
      if (error instanceof CompetitionError && error.code !== 'INVALID_COMPETITION_INPUT') break;
      throw error;
    }
    rounds.push({ input, output });
    results.push(...play(output, random));
    if (output.byeRosterId) byes.push({ roundNumber, rosterId: output.byeRosterId });
  }
  return { rounds, results, byes };
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** True when the players can be paired without any game already played (exhaustive search). */
function rematchFreeExists(players: string[], played: Set<string>): boolean {
  if (players.length === 0) return true;
  const [first, ...rest] = players as [string, ...string[]];
  return rest.some(
    (other, i) =>
      !played.has(pairKey(first, other)) &&
      rematchFreeExists(
        rest.filter((_, j) => j !== i),
        played,
      ),
  );
}

const configs = fc.oneof(
  fc.integer({ min: 1, max: 7 }).map((rounds): SwissConfig => ({ format: { mode: 'fixed', rounds } })),
  fc.constant<SwissConfig>({ format: { mode: 'early_exit', wins: 3, losses: 3 } }),
  fc.constant<SwissConfig>({ format: { mode: 'early_exit', wins: 2, losses: 2 } }),
);

describe('pairSwissRound: table cases', () => {
  it('round 1 of 8 pairs by seed, highest against lowest: 1-8, 2-7, 3-6, 4-5', () => {
    const round = pairSwissRound({
      segmentId: 's',
      roundNumber: 1,
      config: { format: { mode: 'fixed', rounds: 3 } },
      teams: teamsOf(8),
      results: [],
      byes: [],
    });
    const pairs = round.pairings.map((p) => [p.homeRosterId, p.awayRosterId].sort().join(' v '));
    expect(pairs).toEqual(['r001 v r008', 'r002 v r007', 'r003 v r006', 'r004 v r005']);
    expect(round.byeRosterId).toBeNull();
    expect(round.rematches).toBe(0);
  });

  it('pairs a dropped (withdrawn) team no more: the other seven play, the lowest of them gets the bye', () => {
    const round = pairSwissRound({
      segmentId: 's',
      roundNumber: 1,
      config: { format: { mode: 'fixed', rounds: 3 } },
      teams: teamsOf(8),
      results: [],
      byes: [],
      dropped: ['r003'],
    });
    const paired = round.pairings.flatMap((p) => [p.homeRosterId, p.awayRosterId]);
    expect(paired).not.toContain('r003');
    expect(paired).toHaveLength(6);
    expect(round.byeRosterId).toBe('r008');
  });

  it('round 2 pairs inside the 1-0 and 0-1 pools and avoids the fold rematch', () => {
    const teams = teamsOf(4);
    // Round 1: r001 beat r004, r002 beat r003. Round 2 fold of the 1-0 pool: r001 v r002.
    const results: SwissResult[] = [
      {
        roundNumber: 1,
        homeRosterId: 'r001',
        awayRosterId: 'r004',
        outcome: 'home',
        homeStars: 9,
        awayStars: 3,
        homeDestruction: 90,
        awayDestruction: 40,
      },
      {
        roundNumber: 1,
        homeRosterId: 'r002',
        awayRosterId: 'r003',
        outcome: 'home',
        homeStars: 9,
        awayStars: 3,
        homeDestruction: 90,
        awayDestruction: 40,
      },
    ];
    const round = pairSwissRound({
      segmentId: 's',
      roundNumber: 2,
      config: { format: { mode: 'fixed', rounds: 3 } },
      teams,
      results,
      byes: [],
    });
    expect(
      round.pairings.map((p) => ({
        pool: p.pool,
        float: p.float,
        teams: [p.homeRosterId, p.awayRosterId].sort(),
      })),
    ).toEqual([
      { pool: '1-0', float: false, teams: ['r001', 'r002'] },
      { pool: '0-1', float: false, teams: ['r003', 'r004'] },
    ]);
    // Round 3 after r001 beat r002 and r004 beat r003: the fold would repeat games, the matching does not.
    const round3 = pairSwissRound({
      segmentId: 's',
      roundNumber: 3,
      config: { format: { mode: 'fixed', rounds: 3 } },
      teams,
      results: [
        ...results,
        {
          roundNumber: 2,
          homeRosterId: 'r001',
          awayRosterId: 'r002',
          outcome: 'home',
          homeStars: 9,
          awayStars: 3,
          homeDestruction: 90,
          awayDestruction: 40,
        },
        {
          roundNumber: 2,
          homeRosterId: 'r003',
          awayRosterId: 'r004',
          outcome: 'away',
          homeStars: 3,
          awayStars: 9,
          homeDestruction: 40,
          awayDestruction: 90,
        },
      ],
      byes: [],
    });
    expect(round3.rematches).toBe(0);
    expect(round3.pairings.map((p) => [p.homeRosterId, p.awayRosterId].sort().join(' v '))).toEqual([
      'r001 v r003',
      'r002 v r004',
    ]);
    // r001 (2-0) drops to meet r003 (0-2); r002 and r004 (1-1) stay in their pool.
    expect(round3.pairings.map((p) => p.float)).toEqual([true, false]);
  });

  it('plays a rematch only when none can be avoided (3 teams, round 3 with a bye)', () => {
    const { rounds } = runStage(teamsOf(3), { format: { mode: 'fixed', rounds: 3 } }, 7);
    expect(rounds.map((r) => r.output.byeRosterId).sort()).toEqual(['r001', 'r002', 'r003']);
    expect(rounds.every((r) => r.output.rematches === 0)).toBe(true);
    expect(() =>
      pairSwissRound({
        ...rounds[2]!.input,
        roundNumber: 4,
        config: { format: { mode: 'fixed', rounds: 4 } },
        byes: rounds.map((r, i) => ({ roundNumber: i + 1, rosterId: r.output.byeRosterId! })),
      }),
    ).toThrowError(expect.objectContaining({ code: 'SWISS_NO_BYE_CANDIDATE' }));
  });

  it('gives the bye to the lowest-ranked team, then to the next lowest that had none', () => {
    const { rounds } = runStage(teamsOf(5), { format: { mode: 'fixed', rounds: 2 } }, 3);
    expect(rounds[0]!.output.byeRosterId).toBe('r005');
    expect(rounds[1]!.output.byeRosterId).not.toBe('r005');
  });

  it('refuses a round past the fixed count and duplicate seeds', () => {
    const base = {
      segmentId: 's',
      results: [],
      byes: [],
      teams: teamsOf(4),
      config: { format: { mode: 'fixed', rounds: 1 } } as SwissConfig,
    };
    expect(() => pairSwissRound({ ...base, roundNumber: 2 })).toThrowError(
      expect.objectContaining({ code: 'SWISS_STAGE_COMPLETE' }),
    );
    expect(() =>
      pairSwissRound({ ...base, roundNumber: 1, teams: [...teamsOf(3), { rosterId: 'x', seed: 1 }] }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT' }));
  });

  it('early exit 3-3 with 16 teams: at most 5 rounds, everyone ends qualified (3 wins) or eliminated', () => {
    const { rounds } = runStage(teamsOf(16), { format: { mode: 'early_exit', wins: 3, losses: 3 } }, 11);
    expect(rounds.length).toBeLessThanOrEqual(5);
    expect(rounds[0]!.output.pairings).toHaveLength(8);
  });
});

describe('pairSwissRound: properties', () => {
  it('each active team plays exactly once per round, at most one bye each, no avoidable rematch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 11 }), configs, fc.integer(), (n, config, seed) => {
        const { rounds, byes } = runStage(teamsOf(n), config, seed);
        const byeCount = new Map<string, number>();
        for (const bye of byes) byeCount.set(bye.rosterId, (byeCount.get(bye.rosterId) ?? 0) + 1);
        expect([...byeCount.values()].every((count) => count === 1)).toBe(true);
        for (const { input, output } of rounds) {
          const seen = output.pairings.flatMap((p) => [p.homeRosterId, p.awayRosterId]);
          if (output.byeRosterId) seen.push(output.byeRosterId);
          expect(new Set(seen).size).toBe(seen.length);
          const standings = computeSwissStandings(
            input.teams,
            input.results,
            input.byes,
            config,
            input.roundNumber - 1,
          );
          const active = standings.filter((s) => s.status === 'active').map((s) => s.rosterId);
          expect([...seen].sort()).toEqual(active.sort());
          const played = new Set(input.results.map((r) => pairKey(r.homeRosterId, r.awayRosterId)));
          if (output.rematches > 0) {
            const players = output.pairings.flatMap((p) => [p.homeRosterId, p.awayRosterId]);
            expect(rematchFreeExists(players, played)).toBe(false);
          }
          expect(
            output.pairings.filter((p) => played.has(pairKey(p.homeRosterId, p.awayRosterId))),
          ).toHaveLength(output.rematches);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('replays deterministically: the same input gives the same round, sides included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), fc.integer(), (n, seed) => {
        const config: SwissConfig = { format: { mode: 'fixed', rounds: 4 } };
        const first = runStage(teamsOf(n), config, seed);
        const again = runStage(teamsOf(n), config, seed);
        expect(again.rounds.map((r) => r.output)).toEqual(first.rounds.map((r) => r.output));
        for (const { input, output } of first.rounds) {
          const shuffled = {
            ...input,
            teams: [...input.teams].reverse(),
            results: [...input.results].reverse(),
          };
          expect(pairSwissRound(JSON.parse(JSON.stringify(shuffled)))).toEqual(output);
        }
      }),
      { numRuns: 60 },
    );
  });
});
