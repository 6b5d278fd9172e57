import { CompetitionError } from './competition-error.js';
import { competitionSeed, createPrng } from './prng.js';
import { computeSwissStandings, swissMaxRounds } from './swiss-standings.js';
import type { SwissPairing, SwissRoundInput, SwissRoundOutput, SwissStanding } from './swiss-types.js';
import { maxWeightMatching, type WeightedEdge } from './weighted-matching.js';

/**
 * Swiss pairing of one round.
 *
 * 1. Standings of the finished rounds; in early exit only `active` teams play.
 * 2. Odd field: the bye goes to the lowest-ranked team without a bye (nobody gets two).
 * 3. Pools by match points (best first), each ordered by seed. Pools are paired top-down: the
 *    highest seed meets the lowest available one (the "fold"); an odd pool floats its lowest seed
 *    into the pool below.
 * 4. When the fold would repeat a game, the highest seed takes the lowest seed it has not met
 *    (greedy). When that gets stuck, the pool is paired by maximum-weight matching (weights:
 *    rematch ≫ pool distance ≫ fold order; first on a sparse neighbourhood of the fold, then on
 *    the complete graph). If even that needs a rematch, the pool is
 *    merged with its neighbour and everything is paired again; in the end the whole field is one
 *    group, where the matching minimises rematches globally. So a rematch is played only when no
 *    rematch-free pairing of the round exists at all (the bye being fixed first).
 * 5. Sides: a coin toss per table from the PRNG seeded by segment and round, so a regenerated round
 *    is identical.
 */

interface Member {
  rosterId: string;
  seed: number;
  pool: number;
  record: string;
}

type Pair = [Member, Member];

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function validate(input: SwissRoundInput): void {
  const ids = new Set(input.teams.map((t) => t.rosterId));
  const seeds = new Set(input.teams.map((t) => t.seed));
  const valid =
    Number.isInteger(input.roundNumber) &&
    input.roundNumber >= 1 &&
    ids.size === input.teams.length &&
    seeds.size === input.teams.length;
  if (!valid)
    throw new CompetitionError('INVALID_COMPETITION_INPUT', 'swiss: duplicate team or seed, or bad round');
}

function chooseBye(active: SwissStanding[], hadBye: Set<string>): SwissStanding {
  for (let index = active.length - 1; index >= 0; index--) {
    if (!hadBye.has(active[index]!.rosterId)) return active[index]!;
  }
  throw new CompetitionError('SWISS_NO_BYE_CANDIDATE', 'swiss: every active team already had a bye');
}

function foldPairs(members: readonly Member[]): Pair[] {
  const pairs: Pair[] = [];
  for (let index = 0; index < members.length / 2; index++) {
    pairs.push([members[index]!, members[members.length - 1 - index]!]);
  }
  return pairs;
}

/**
 * Maximum-weight perfect matching of a group. Each weight layer outweighs every possible total of
 * the layers below it, so the optimum has the fewest rematches, then the smallest pool distances,
 * then the most fold-like order (Σ rank gap² is largest exactly for highest-against-lowest).
 */
function matchGroup(members: readonly Member[], played: ReadonlySet<string>, window: number): Pair[] {
  const m = members.length;
  const pools = members.map((member) => member.pool);
  const poolSpan = Math.max(...pools) - Math.min(...pools);
  const foldMax = (m - 1) ** 2;
  const poolWeight = (m / 2) * foldMax + 1;
  const poolMax = poolWeight * poolSpan ** 2;
  const rematchWeight = (m / 2) * (poolMax + foldMax) + 1;
  const base = rematchWeight + poolMax + 1;
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      // The sparse pass keeps only partners near i's fold partner or near i itself.
      if (Math.abs(j - (m - 1 - i)) > window && j - i > window) continue;
      const a = members[i]!;
      const b = members[j]!;
      const rematch = played.has(pairKey(a.rosterId, b.rosterId)) ? rematchWeight : 0;
      edges.push([i, j, base - rematch - poolWeight * (a.pool - b.pool) ** 2 + (j - i) ** 2]);
    }
  }
  const mate = maxWeightMatching(m, edges, true);
  const pairs: Pair[] = [];
  for (let i = 0; i < m; i++) if (mate[i]! > i) pairs.push([members[i]!, members[mate[i]!]!]);
  return pairs;
}

function countRematches(pairs: readonly Pair[], played: ReadonlySet<string>): number {
  return pairs.filter(([a, b]) => played.has(pairKey(a.rosterId, b.rosterId))).length;
}

/** "Highest seed against the lowest available": greedy, null when it paints itself into a corner. */
function greedyPairs(members: readonly Member[], played: ReadonlySet<string>): Pair[] | null {
  const remaining = [...members];
  const pairs: Pair[] = [];
  while (remaining.length > 0) {
    const high = remaining.shift()!;
    let index = remaining.length - 1;
    while (index >= 0 && played.has(pairKey(high.rosterId, remaining[index]!.rosterId))) index--;
    if (index < 0) return null;
    pairs.push([high, remaining.splice(index, 1)[0]!]);
  }
  return pairs;
}

/**
 * Sparse neighbourhood of the weighted matching: enough to repair a fold around a few rematches
 * in O(n·window) edges. When it cannot avoid a rematch, the complete graph decides.
 */
const SPARSE_WINDOW = 12;

function pairGroup(members: readonly Member[], played: ReadonlySet<string>, singlePool: boolean): Pair[] {
  if (singlePool) {
    const fold = foldPairs(members);
    if (countRematches(fold, played) === 0) return fold;
    const greedy = greedyPairs(members, played);
    if (greedy) return greedy;
  }
  if (members.length > 2 * SPARSE_WINDOW + 2) {
    // The fold is in the sparse graph, so its maximum-cardinality matching is always perfect.
    const sparse = matchGroup(members, played, SPARSE_WINDOW);
    if (countRematches(sparse, played) === 0) return sparse;
  }
  return matchGroup(members, played, members.length);
}

/** One top-down pass over the groups; the index of the first group that needed a rematch, if any. */
function pairGroups(
  pools: readonly Member[][],
  groups: readonly number[][],
  played: ReadonlySet<string>,
  cache: Map<string, Pair[]>,
) {
  const pairs: Pair[] = [];
  let carry: Member[] = [];
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index]!;
    const members = [...carry, ...group.flatMap((pool) => pools[pool]!)];
    carry = members.length % 2 === 1 ? [members.pop()!] : [];
    // A merge re-runs the pass; groups above the merge are unchanged, so their pairs are reused.
    const key = members.map((member) => member.rosterId).join(',');
    const groupPairs = cache.get(key) ?? pairGroup(members, played, group.length === 1);
    cache.set(key, groupPairs);
    if (groups.length > 1 && countRematches(groupPairs, played) > 0) return { pairs, failed: index };
    pairs.push(...groupPairs);
  }
  return { pairs, failed: -1 };
}

function pairPools(pools: readonly Member[][], played: ReadonlySet<string>): Pair[] {
  let groups = pools.map((_, index) => [index]);
  const cache = new Map<string, Pair[]>();
  for (;;) {
    const attempt = pairGroups(pools, groups, played, cache);
    if (attempt.failed < 0) return attempt.pairs;
    const failed = attempt.failed;
    const other = failed + 1 < groups.length ? failed + 1 : failed - 1;
    const [first, second] = failed < other ? [failed, other] : [other, failed];
    groups = [
      ...groups.slice(0, first),
      [...groups[first]!, ...groups[second]!],
      ...groups.slice(second + 1),
    ];
  }
}

function buildPools(players: readonly SwissStanding[]): Member[][] {
  const byPoints = new Map<number, SwissStanding[]>();
  for (const standing of players) {
    const list = byPoints.get(standing.matchPoints) ?? [];
    list.push(standing);
    byPoints.set(standing.matchPoints, list);
  }
  return [...byPoints.keys()]
    .sort((a, b) => b - a)
    .map((points, pool) =>
      byPoints
        .get(points)!
        .sort((a, b) => a.seed - b.seed)
        .map((s) => ({ rosterId: s.rosterId, seed: s.seed, pool, record: s.record })),
    );
}

/** Pairs the next round of a swiss stage. Throws CompetitionError when no round can be played. */
export function pairSwissRound(input: SwissRoundInput): SwissRoundOutput {
  validate(input);
  const { config, roundNumber } = input;
  if (roundNumber > swissMaxRounds(config.format)) {
    throw new CompetitionError('SWISS_STAGE_COMPLETE', 'swiss: every round was played');
  }
  const standings = computeSwissStandings(input.teams, input.results, input.byes, config, roundNumber - 1);
  const dropped = new Set(input.dropped ?? []);
  const active = standings.filter((s) => s.status === 'active' && !dropped.has(s.rosterId));
  if (active.length < 2)
    throw new CompetitionError('SWISS_STAGE_COMPLETE', 'swiss: fewer than two active teams');

  const bye = active.length % 2 === 1 ? chooseBye(active, new Set(input.byes.map((b) => b.rosterId))) : null;
  const players = bye ? active.filter((s) => s.rosterId !== bye.rosterId) : active;
  const played = new Set(input.results.map((r) => pairKey(r.homeRosterId, r.awayRosterId)));
  const pairs = pairPools(buildPools(players), played);

  const prngSeed = competitionSeed(input.segmentId, roundNumber);
  const coin = createPrng(prngSeed);
  // Every pair lists its higher-ranked team first (better pool, then better seed): the members of a
  // group are in that order and each pair takes its first team from earlier in the list.
  const pairings: SwissPairing[] = pairs.map(([high, low], index) => {
    const [home, away] = coin() < 0.5 ? [high, low] : [low, high];
    return {
      table: index + 1,
      homeRosterId: home.rosterId,
      awayRosterId: away.rosterId,
      pool: high.record,
      float: high.pool !== low.pool,
      rematch: played.has(pairKey(high.rosterId, low.rosterId)),
    };
  });
  return {
    segmentId: input.segmentId,
    roundNumber,
    prngSeed,
    pairings,
    byeRosterId: bye?.rosterId ?? null,
    rematches: pairings.filter((p) => p.rematch).length,
  };
}
