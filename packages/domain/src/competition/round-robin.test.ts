import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceStage } from './advancement.js';
import { createPrng, seededShuffle } from './prng.js';
import { createGroupStage, roundRobinSchedule, snakeGroups } from './round-robin.js';
import { type GroupResult, groupStageRankings, groupStandings } from './round-robin-standings.js';

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));

function randomResults(matchIds: readonly string[], seed: number): GroupResult[] {
  const random = createPrng(seed);
  return matchIds.map((matchId) => {
    const roll = random();
    return {
      matchId,
      outcome: roll < 0.45 ? 'home' : roll < 0.9 ? 'away' : 'draw',
      homeStars: Math.floor(random() * 4),
      awayStars: Math.floor(random() * 4),
      homeDestruction: Math.round(random() * 1000) / 10,
      awayDestruction: Math.round(random() * 1000) / 10,
    };
  });
}

describe('groups: seeding and schedule', () => {
  it('snake seeding: 12 teams in 3 groups', () => {
    expect(snakeGroups(field(12), 3).map((g) => g.map((t) => t.seed))).toEqual([
      [1, 6, 7, 12],
      [2, 5, 8, 11],
      [3, 4, 9, 10],
    ]);
  });

  it('5 teams: 5 rounds, one team rests each round, each team rests once', () => {
    const group = roundRobinSchedule(1, field(5));
    expect(group.rounds).toBe(5);
    expect(Object.values(group.rests).sort()).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(group.matches).toHaveLength(10);
  });

  it.each([
    { n: 5, groups: 2, code: 'BRACKET_SIZE_UNSUPPORTED' },
    { n: 17, groups: 1, code: 'BRACKET_SIZE_UNSUPPORTED' },
    { n: 6, groups: 0, code: 'BRACKET_SIZE_UNSUPPORTED' },
  ])('refuses $n teams in $groups groups', ({ n, groups, code }) => {
    expect(() => createGroupStage(field(n), groups)).toThrowError(expect.objectContaining({ code }));
  });

  it('property: every team plays at most once per round, every pair exactly once, home and away differ by at most one (3-16 per group)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 3, max: 16 }), (groups, perGroup) => {
        const stage = createGroupStage(field(groups * perGroup), groups);
        for (const group of stage.groups) {
          const pairs = new Set<string>();
          for (let round = 1; round <= group.rounds; round++) {
            const teams = group.matches
              .filter((m) => m.round === round)
              .flatMap((m) => [m.homeRosterId, m.awayRosterId]);
            expect(new Set(teams).size).toBe(teams.length);
          }
          for (const m of group.matches) pairs.add([m.homeRosterId, m.awayRosterId].sort().join('|'));
          const n = group.teams.length;
          expect(pairs.size).toBe((n * (n - 1)) / 2);
          expect(group.matches).toHaveLength(pairs.size);
          for (const team of group.teams) {
            const home = group.matches.filter((m) => m.homeRosterId === team.rosterId).length;
            const away = group.matches.filter((m) => m.awayRosterId === team.rosterId).length;
            expect(Math.abs(home - away)).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('groups: standings and advancement', () => {
  const group = roundRobinSchedule(1, field(4));
  const result = (
    matchId: string,
    outcome: GroupResult['outcome'],
    stars: [number, number] = [3, 1],
  ): GroupResult => ({
    matchId,
    outcome,
    homeStars: stars[0],
    awayStars: stars[1],
    homeDestruction: 80,
    awayDestruction: 80,
  });

  it('points, then head-to-head among the tied, then star difference', () => {
    const games = Object.fromEntries(
      group.matches.map((m) => [[m.homeRosterId, m.awayRosterId].sort().join('-'), m]),
    );
    const win = (winner: string, loser: string, by = 2) => {
      const m = games[[winner, loser].sort().join('-')]!;
      const stars: [number, number] = m.homeRosterId === winner ? [1 + by, 1] : [1, 1 + by];
      return result(m.id, m.homeRosterId === winner ? 'home' : 'away', stars);
    };
    // t1, t2 and t3 win two each in a circle (t1>t2, t2>t3, t3>t1), t4 loses all: head-to-head
    // among the three is 3 each, so star difference decides (t3 beat t4 by 3 stars), then the seed.
    const results = [
      win('t1', 't2'),
      win('t2', 't3'),
      win('t3', 't1'),
      win('t1', 't4'),
      win('t2', 't4'),
      win('t3', 't4', 3),
    ];
    const table = groupStandings(group, results);
    expect(table.map((r) => [r.rosterId, r.points, r.headToHead])).toEqual([
      ['t3', 6, 3],
      ['t1', 6, 3],
      ['t2', 6, 3],
      ['t4', 0, 0],
    ]);
    // Without the star difference in the segment's tiebreaks, the seed decides.
    expect(groupStandings(group, results, ['points', 'headToHead']).map((r) => r.rosterId)).toEqual([
      't1',
      't2',
      't3',
      't4',
    ]);
  });

  it('head-to-head breaks a two-team tie on points', () => {
    const m12 = group.matches.find((m) => [m.homeRosterId, m.awayRosterId].sort().join() === 't1,t2')!;
    const results = [result(m12.id, m12.homeRosterId === 't2' ? 'home' : 'away')];
    const others = group.matches.filter((m) => m !== m12);
    // Everyone else draws: t2 beat t1, so t2 is first on head-to-head.
    const table = groupStandings(group, [...results, ...others.map((m) => result(m.id, 'draw', [2, 2]))]);
    expect(table[0]!.rosterId).toBe('t2');
  });

  it('advancement through the existing rules: the top two of each group', () => {
    const stage = createGroupStage(field(12), 3);
    const results = randomResults(
      stage.groups.flatMap((g) => g.matches.map((m) => m.id)),
      7,
    );
    const rankings = groupStageRankings(stage, results);
    const advancement = advanceStage(rankings, [
      { id: 'r', nextSegmentId: 'playoff', placements: [1, 2, 3, 4, 5, 6] },
    ]);
    const qualified = advancement.outcomes.filter((o) => o.outcome === 'qualified').map((o) => o.rosterId);
    const topTwo = stage.groups.flatMap((g) =>
      groupStandings(g, results)
        .slice(0, 2)
        .map((r) => r.rosterId),
    );
    expect(qualified.sort()).toEqual(topTwo.sort());
  });

  it('property: standings equal a full recomputation in any result order, and each group alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 3, max: 10 }),
        fc.nat(),
        (groups, perGroup, seed) => {
          const stage = createGroupStage(field(groups * perGroup), groups);
          const ids = stage.groups.flatMap((g) => g.matches.map((m) => m.id));
          const results = randomResults(ids, seed).slice(0, Math.floor(ids.length * createPrng(seed)()));
          const shuffled = seededShuffle(results, createPrng(seed + 1));
          for (const group of stage.groups) {
            const own = results.filter((r) => r.matchId.startsWith(`G${group.number}-`));
            expect(groupStandings(group, shuffled)).toEqual(groupStandings(group, own));
          }
          const reversedStage = createGroupStage([...field(groups * perGroup)].reverse(), groups);
          expect(groupStageRankings(reversedStage, shuffled)).toEqual(groupStageRankings(stage, results));
        },
      ),
      { numRuns: 80 },
    );
  });
});
