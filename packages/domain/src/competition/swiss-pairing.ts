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
 *    highest seed meets the lowest available one (the "fold"); an odd pool floats one team into the
 *    pool below: the best float, i.e. the lowest seed whose departure lets its pool and every pool
 *    below pair without a rematch (the lowest seed itself in almost every round).
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
  points: number;
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
  const points = members.map((member) => member.points);
  const span = Math.max(...points) - Math.min(...points);
  const foldMax = (m - 1) ** 2;
  const poolWeight = (m / 2) * foldMax + 1;
  // Pool layer: each cross-group pairing costs more than every score gap of the round together, so
  // the matching has the fewest of them, then the smallest gaps (in match points). On groups so large
  // that the weights would lose precision, the squared gap alone (which also spreads floats thin).
  const crossCost = (m / 2) * span + 1;
  const exact = poolWeight * (crossCost + span) * m * m < 2 ** 50;
  const poolCost = (a: Member, b: Member) =>
    exact ? (a.points === b.points ? 0 : crossCost) + Math.abs(a.points - b.points) : (a.pool - b.pool) ** 2;
  const poolMax =
    poolWeight *
    (exact
      ? crossCost + span
      : (Math.max(...members.map((x) => x.pool)) - Math.min(...members.map((x) => x.pool))) ** 2);
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
      edges.push([i, j, base - rematch - poolWeight * poolCost(a, b) + (j - i) ** 2]);
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

/** A way to pair a group and those below it: its pairs, cross-group pairings and score gaps. */
interface Plan {
  pairs: Pair[];
  floats: number;
  gaps: number;
}

/** Floaters an odd group tries (each a different rematch situation below; the cost is the same). */
const FLOATER_TRIES = 8;

function costOf(pairs: readonly Pair[]): [floats: number, gaps: number] {
  let floats = 0;
  let gaps = 0;
  for (const [a, b] of pairs) {
    if (a.points !== b.points) floats++;
    gaps += Math.abs(a.points - b.points);
  }
  return [floats, gaps];
}

/**
 * The floaters an odd group may send down, best first: members of its lowest pool, lowest seed
 * first (the carry from above never floats twice), keeping only those with an opponent they have
 * not met in the group below.
 */
function floaterCandidates(
  members: readonly Member[],
  carry: Member | null,
  below: readonly Member[],
  played: ReadonlySet<string>,
) {
  const lowest = members[members.length - 1]!.pool;
  const candidates = members.filter((m) => m.pool === lowest && m !== carry);
  const open = (m: Member) => below.some((b) => !played.has(pairKey(m.rosterId, b.rosterId)));
  return candidates.reverse().filter(open);
}

/**
 * One top-down pass over the groups, choosing the best float: an odd group tries its possible
 * floaters in turn (lowest seed first) and keeps the first whose group and every group below pair
 * without a rematch. So the round has one float per odd group (the fewest cross-group pairings), each
 * to the next group (the smallest score gap). Returns the first group of the lowest-seed path that
 * needed a rematch when no choice avoids one.
 */
function pairGroups(
  pools: readonly Member[][],
  groups: readonly number[][],
  played: ReadonlySet<string>,
  cache: Map<string, Pair[]>,
) {
  const membersOf = groups.map((group) => group.flatMap((pool) => pools[pool]!));
  const memo = new Map<string, Plan | null>();
  let failed = -1;
  const pairOf = (members: readonly Member[], index: number) => {
    // A merge re-runs the pass; groups above the merge are unchanged, so their pairs are reused.
    const key = members.map((member) => member.rosterId).join(',');
    const groupPairs = cache.get(key) ?? pairGroup(members, played, groups[index]!.length === 1);
    cache.set(key, groupPairs);
    return groupPairs;
  };
  /** Pairs `members` (less the floater) and everything below it; null when a rematch is needed. */
  const attempt = (index: number, members: readonly Member[], floater: Member | null): Plan | null => {
    const groupPairs = pairOf(floater ? members.filter((m) => m !== floater) : members, index);
    if (groups.length > 1 && countRematches(groupPairs, played) > 0) {
      if (failed < 0) failed = index;
      return null;
    }
    const tail = from(index + 1, floater);
    if (!tail) return null;
    const [floats, gaps] = costOf(groupPairs);
    return { pairs: [...groupPairs, ...tail.pairs], floats: floats + tail.floats, gaps: gaps + tail.gaps };
  };
  /** The cheaper plan; on a tie the one found first (pass-by, then the lowest seed floating). */
  const better = (a: Plan | null, b: Plan | null) => {
    if (!a || !b) return a ?? b;
    return (b.floats - a.floats || b.gaps - a.gaps) < 0 ? b : a;
  };
  /**
   * The least any plan from here can cost: each floater meets the next odd group (consecutive odd
   * groups paired), at the gap to that group's best points. A candidate that reaches it ends the
   * search, so a round where the lowest seed floats cleanly costs one pass, as before.
   */
  const bound = (index: number, carry: Member | null): [number, number] => {
    let [floats, gaps, points] = [0, 0, carry?.points ?? null];
    for (const own of membersOf.slice(index)) {
      if (own.length % 2 === 0) continue;
      if (points === null) points = own[own.length - 1]!.points;
      else [floats, gaps, points] = [floats + 1, gaps + points - own[0]!.points, null];
    }
    return [floats, gaps];
  };
  const from = (index: number, carry: Member | null): Plan | null => {
    if (index === groups.length) return { pairs: [], floats: 0, gaps: 0 };
    const key = `${index}|${carry?.rosterId ?? ''}`;
    if (memo.has(key)) return memo.get(key)!;
    const own = membersOf[index]!;
    const last = index + 1 === groups.length;
    let result: Plan | null = null;
    const [leastFloats, leastGaps] = bound(index, carry);
    const best = () => result !== null && result.floats === leastFloats && result.gaps === leastGaps;
    // A floater may pass an even group by and meet the next odd one: one cross-group pairing, not two.
    if (carry && own.length % 2 === 0 && !last) result = attempt(index, own, carry);
    const members = carry ? [carry, ...own] : own;
    if (best()) {
      // Nothing can do better.
    } else if (members.length % 2 === 1 && !last) {
      const floaters = floaterCandidates(members, carry, membersOf[index + 1]!, played).slice(
        0,
        FLOATER_TRIES,
      );
      if (floaters.length === 0) floaters.push(members[members.length - 1]!);
      for (const floater of floaters) {
        result = better(result, attempt(index, members, floater));
        if (best()) break;
      }
    } else if (members.length % 2 === 0) {
      result = better(result, attempt(index, members, null));
    }
    memo.set(key, result);
    return result;
  };
  const plan = from(0, null);
  return plan ? { pairs: plan.pairs, failed: -1 } : { pairs: [], failed: Math.max(failed, 0) };
}

/**
 * A field this small is also matched as a whole, and the pool pass's pairing is kept unless the whole
 * matching is strictly better: the pass chooses floats group by group, and a rematch it avoids lower
 * down may need one float more than the best round (the matching weighs rematches, then cross-group
 * pairings, then score gaps exactly at this size).
 */
const GLOBAL_MATCHING_MAX = 64;

const planCost = (pairs: readonly Pair[], played: ReadonlySet<string>) => [
  countRematches(pairs, played),
  ...costOf(pairs),
];

function cheaper(a: Pair[], b: Pair[], played: ReadonlySet<string>): Pair[] {
  const [x, y] = [planCost(a, played), planCost(b, played)];
  const order = x.map((value, index) => value - y[index]!).find((d) => d !== 0) ?? 0;
  return order <= 0 ? a : b;
}

function pairPools(pools: readonly Member[][], played: ReadonlySet<string>): Pair[] {
  let groups = pools.map((_, index) => [index]);
  const cache = new Map<string, Pair[]>();
  for (;;) {
    const attempt = pairGroups(pools, groups, played, cache);
    if (attempt.failed < 0) {
      const everyone = pools.flat();
      if (everyone.length > GLOBAL_MATCHING_MAX) return attempt.pairs;
      return cheaper(attempt.pairs, matchGroup(everyone, played, everyone.length), played);
    }
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
        .map((s) => ({ rosterId: s.rosterId, seed: s.seed, pool, points, record: s.record })),
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
  // Tables in pool order: the top pool's highest seed plays table 1.
  pairs.sort(([a], [b]) => a.pool - b.pool || a.seed - b.seed);
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
