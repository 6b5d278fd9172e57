import type { Instant } from '../entities/common.js';
import { toMillis } from '../time/instant.js';

/**
 * Ladder matchmaking numbers. A fresh entry only meets rosters within 50 points; every 5 s of
 * waiting widens that by 25 points (so after one minute: 350), capped at 1000 so a very long wait
 * still avoids absurd gaps. A pair is allowed when the gap fits the band of the LONGER waiter: the
 * one who has waited accepts a wider range on behalf of both, which keeps the queue moving.
 */
export const MATCHMAKING_BASE_POINTS_BAND = 50;
export const MATCHMAKING_BAND_STEP_POINTS = 25;
export const MATCHMAKING_BAND_STEP_MS = 5_000;
export const MATCHMAKING_MAX_POINTS_BAND = 1_000;
/** Two rosters that just played each other are not paired again until both waited this long. */
export const MATCHMAKING_REMATCH_GRACE_MS = 60_000;
/**
 * Neighbours (in points order) looked at per entry. Bounds the work to O(n·k) candidate pairs; in a
 * crowd of equal points any neighbour is as good as another, so a small k loses nothing.
 */
export const MATCHMAKING_NEIGHBOUR_SCAN = 8;

export interface QueueEntry {
  rosterId: string;
  segmentId: string;
  thLevel: number;
  points: number;
  joinedAt: Instant;
  lastOpponentRosterId?: string | null;
}

export interface QueuePair {
  /** The longer waiter (earlier joinedAt, then lower rosterId). */
  homeRosterId: string;
  awayRosterId: string;
  segmentId: string;
  thLevel: number;
  pointsGap: number;
}

export interface MatchmakingOptions {
  baseBand?: number;
  bandStepPoints?: number;
  bandStepMs?: number;
  maxBand?: number;
  rematchGraceMs?: number;
  neighbourScan?: number;
}

type Settings = Required<MatchmakingOptions>;

function settingsOf(options: MatchmakingOptions): Settings {
  return {
    baseBand: options.baseBand ?? MATCHMAKING_BASE_POINTS_BAND,
    bandStepPoints: options.bandStepPoints ?? MATCHMAKING_BAND_STEP_POINTS,
    bandStepMs: options.bandStepMs ?? MATCHMAKING_BAND_STEP_MS,
    maxBand: options.maxBand ?? MATCHMAKING_MAX_POINTS_BAND,
    rematchGraceMs: options.rematchGraceMs ?? MATCHMAKING_REMATCH_GRACE_MS,
    neighbourScan: options.neighbourScan ?? MATCHMAKING_NEIGHBOUR_SCAN,
  };
}

/** Points gap an entry accepts after waiting `waitedMs`. */
export function pointsBand(waitedMs: number, options: MatchmakingOptions = {}): number {
  const s = settingsOf(options);
  const steps = Math.floor(Math.max(0, waitedMs) / s.bandStepMs);
  return Math.min(s.maxBand, s.baseBand + steps * s.bandStepPoints);
}

/**
 * THE pairing rule, shared by the tick (`pairQueue`) and newcomer matching (`canPair`): the points
 * gap is within the longer waiter's band, and last opponents meet again only once both waited
 * longer than the rematch grace.
 */
function pairAllowed(
  gap: number,
  longerWaiterBand: number,
  shorterWaited: number,
  rematch: boolean,
  s: Settings,
): boolean {
  return gap <= longerWaiterBand && !(rematch && shorterWaited <= s.rematchGraceMs);
}

function isRematch(
  a: { rosterId: string; lastOpponent: string | null },
  b: { rosterId: string; lastOpponent: string | null },
) {
  return a.lastOpponent === b.rosterId || b.lastOpponent === a.rosterId;
}

/** A waiting entry as `canPair` sees it (the server's queue rows carry exactly this). */
export interface PairCandidate {
  rosterId: string;
  points: number;
  joinedMs: number;
  lastOpponent: string | null;
}

/**
 * Whether two waiting entries of one queue may be paired at `at` (epoch ms), by the same rule the
 * tick's `pairQueue` applies. Newcomer matching calls it on the candidates it read from the index.
 */
export function canPair(
  a: PairCandidate,
  b: PairCandidate,
  at: number,
  options: MatchmakingOptions = {},
): boolean {
  if (a.rosterId === b.rosterId) return false;
  const s = settingsOf(options);
  const longerWaited = Math.max(0, at - Math.min(a.joinedMs, b.joinedMs));
  const shorterWaited = Math.max(0, at - Math.max(a.joinedMs, b.joinedMs));
  const gap = Math.abs(a.points - b.points);
  return pairAllowed(gap, pointsBand(longerWaited, s), shorterWaited, isRematch(a, b), s);
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface Bucket {
  segmentId: string;
  thLevel: number;
  entries: { rosterId: string; points: number; joinedMs: number; lastOpponent: string | null }[];
}

type BucketEntry = Bucket['entries'][number];

/**
 * Sorting dominates a matchmaking tick, so when points are integers the sort keys are packed into
 * one exact float (value·radix + rank) and sorted natively instead of through a comparator, which
 * is several times faster. Fractional points take the comparator path.
 */
function canPack(span: number, radix: number): boolean {
  return Number.isSafeInteger((span + 1) * radix);
}

/** Ranks (indices into `ranked`) in (points asc, rank asc) order. */
function orderByPoints(ranked: readonly BucketEntry[], packed: boolean, minPoints: number): Int32Array {
  const n = ranked.length;
  if (!packed) {
    const order = Int32Array.from(ranked, (_, rank) => rank);
    return order.sort((x, y) => ranked[x]!.points - ranked[y]!.points || x - y);
  }
  const keys = Float64Array.from(ranked, (entry, rank) => (entry.points - minPoints) * n + rank);
  keys.sort();
  return Int32Array.from(keys, (key) => key % n);
}

interface Edges {
  count: number;
  gaps: Float64Array;
  /** Wait rank of the longer waiter (home). */
  firsts: Int32Array;
  seconds: Int32Array;
}

/** Edge positions in (gap asc, home rank asc, away rank asc) order. */
function orderEdges(edges: Edges, n: number, packed: boolean): Int32Array {
  const { count, gaps, firsts, seconds } = edges;
  if (!packed) {
    const order = new Int32Array(count);
    for (let e = 0; e < count; e++) order[e] = e;
    return order.sort((x, y) => gaps[x]! - gaps[y]! || firsts[x]! - firsts[y]! || seconds[x]! - seconds[y]!);
  }
  const keys = new Float64Array(count);
  for (let e = 0; e < count; e++) keys[e] = (gaps[e]! * n + firsts[e]!) * n + seconds[e]!;
  keys.sort();
  // Unpack in place: the key of a (home, away) pair is unique, so its position identifies it.
  const order = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const key = keys[k]!;
    const second = key % n;
    const rest = (key - second) / n;
    const first = rest % n;
    gaps[k] = (rest - first) / n;
    firsts[k] = first;
    seconds[k] = second;
    order[k] = k;
  }
  return order;
}

/** What pairing one bucket leaves behind: its entries by wait rank, their points order, who was paired. */
interface BucketOutcome {
  ranked: BucketEntry[];
  /** Ranks in (points asc, rank asc) order. */
  byPoints: Int32Array;
  /** 1 for the ranks that were paired. */
  paired: Uint8Array;
}

/**
 * Pairs one (segment, TH level) bucket. Entries are ranked once by waiting time (earliest joined,
 * then rosterId), so every later tie-break is an integer comparison of ranks.
 */
function pairBucket(bucket: Bucket, at: number, s: Settings, out: QueuePair[]): BucketOutcome {
  const ranked = [...bucket.entries].sort(
    (x, y) => x.joinedMs - y.joinedMs || compareIds(x.rosterId, y.rosterId),
  );
  const n = ranked.length;
  let minPoints = Number.POSITIVE_INFINITY;
  let maxPoints = Number.NEGATIVE_INFINITY;
  let integral = true;
  const band = new Float64Array(n);
  const waited = new Float64Array(n);
  let widest = 0;
  for (let rank = 0; rank < n; rank++) {
    const entry = ranked[rank]!;
    minPoints = Math.min(minPoints, entry.points);
    maxPoints = Math.max(maxPoints, entry.points);
    if (!Number.isSafeInteger(entry.points)) integral = false;
    waited[rank] = Math.max(0, at - entry.joinedMs);
    band[rank] = pointsBand(waited[rank]!, s);
    widest = Math.max(widest, band[rank]!);
  }
  const span = maxPoints - minPoints;
  const byPoints = orderByPoints(ranked, integral && canPack(span, n), minPoints);

  const capacity = n * s.neighbourScan;
  const edges: Edges = {
    count: 0,
    gaps: new Float64Array(capacity),
    firsts: new Int32Array(capacity),
    seconds: new Int32Array(capacity),
  };
  for (let p = 0; p < n; p++) {
    const a = byPoints[p]!;
    const last = Math.min(n - 1, p + s.neighbourScan);
    for (let q = p + 1; q <= last; q++) {
      const b = byPoints[q]!;
      const gap = ranked[b]!.points - ranked[a]!.points;
      if (gap > widest) break;
      const rematch = isRematch(ranked[a]!, ranked[b]!);
      // Bands only widen with waiting, so the longer waiter's band is the larger one.
      if (!pairAllowed(gap, Math.max(band[a]!, band[b]!), Math.min(waited[a]!, waited[b]!), rematch, s)) {
        continue;
      }
      edges.gaps[edges.count] = gap;
      edges.firsts[edges.count] = Math.min(a, b);
      edges.seconds[edges.count] = Math.max(a, b);
      edges.count++;
    }
  }

  const order = orderEdges(edges, n, integral && canPack(span, n * n));
  const paired = new Uint8Array(n);
  for (const e of order) {
    const home = edges.firsts[e]!;
    const away = edges.seconds[e]!;
    if (paired[home] || paired[away]) continue;
    paired[home] = 1;
    paired[away] = 1;
    out.push({
      homeRosterId: ranked[home]!.rosterId,
      awayRosterId: ranked[away]!.rosterId,
      segmentId: bucket.segmentId,
      thLevel: bucket.thLevel,
      pointsGap: edges.gaps[e]!,
    });
  }
  return { ranked, byPoints, paired };
}

/**
 * Earliest time (epoch ms) from which the points band lets a pair with this gap through, given
 * the longer waiter's joinedMs: -Infinity when the base band covers it, null when no band ever does.
 * Uses the same arithmetic as `pointsBand`, so it cannot disagree with the pairing by a rounding.
 */
function bandAllowsFrom(gap: number, longerJoinedMs: number, s: Settings): number | null {
  if (gap > s.maxBand) return null;
  if (gap <= Math.min(s.maxBand, s.baseBand)) return Number.NEGATIVE_INFINITY;
  if (!(s.bandStepPoints > 0) || !(s.bandStepMs > 0)) return null;
  let steps = Math.max(1, Math.ceil((gap - s.baseBand) / s.bandStepPoints));
  while (steps > 1 && s.baseBand + (steps - 1) * s.bandStepPoints >= gap) steps--;
  while (s.baseBand + steps * s.bandStepPoints < gap) steps++;
  return longerJoinedMs + steps * s.bandStepMs;
}

/**
 * Earliest time from which a rematch is allowed: both waited MORE than the grace, i.e. the shorter
 * waiter (later joinedMs). Whole milliseconds (Dates, ISO strings): the first millisecond past the
 * grace; otherwise the grace's end itself (a lower bound).
 */
function rematchAllowedFrom(shorterJoinedMs: number, s: Settings): number {
  const end = shorterJoinedMs + s.rematchGraceMs;
  return Number.isInteger(end) ? end + 1 : end;
}

/**
 * When the bucket's unpaired remainder, as the whole bucket and unchanged, could next produce a pair:
 * the earliest time at which one of its candidate pairs passes the band and rematch checks; `at` when
 * one already does; null when none ever will.
 *
 * The candidates are the neighbours (k = neighbourScan) in points order AMONG THE REMAINDER, not
 * among all entries: once pairs are taken out, two remainder entries that had paired entries between
 * them become neighbours (closer in the scan, or adjacent), and such a pair can even be allowed right
 * now. Scanning the remainder's own order is exactly what `pairQueue` over the remainder does (same
 * ranks, same order), and each check only opens with time (bands widen, the grace runs out), so the
 * result is exact for that remainder. A pair with a gap above the widest band can never pass: as
 * points only grow along the scan, it ends there.
 */
function remainderNextPairing(outcome: BucketOutcome, at: number, s: Settings): number | null {
  const { ranked, byPoints, paired } = outcome;
  const rest: BucketEntry[] = [];
  for (const rank of byPoints) if (!paired[rank]) rest.push(ranked[rank]!);
  let next = Number.POSITIVE_INFINITY;
  for (let p = 0; p < rest.length; p++) {
    const a = rest[p]!;
    const last = Math.min(rest.length - 1, p + s.neighbourScan);
    for (let q = p + 1; q <= last; q++) {
      const b = rest[q]!;
      const gap = b.points - a.points;
      const bandFrom = bandAllowsFrom(gap, Math.min(a.joinedMs, b.joinedMs), s);
      if (bandFrom === null) {
        if (gap > s.maxBand) break;
        continue;
      }
      const rematch = isRematch(a, b);
      const from = rematch
        ? Math.max(bandFrom, rematchAllowedFrom(Math.max(a.joinedMs, b.joinedMs), s))
        : bandFrom;
      if (from < next) next = from;
    }
    if (next <= at) return at;
  }
  return next === Number.POSITIVE_INFINITY ? null : Math.max(at, next);
}

/** Keeps one entry per roster (the earliest joined) so a roster can never be paired twice. */
function uniqueByRoster(entries: readonly QueueEntry[]): QueueEntry[] {
  const byRoster = new Map<string, QueueEntry>();
  for (const entry of entries) {
    const kept = byRoster.get(entry.rosterId);
    if (!kept || toMillis(entry.joinedAt) < toMillis(kept.joinedAt)) byRoster.set(entry.rosterId, entry);
  }
  return [...byRoster.values()];
}

/** Groups the entries (one per roster) into (segment, TH level) buckets, in key order. */
function bucketsOf(entries: readonly QueueEntry[]): Bucket[] {
  const buckets = new Map<string, Bucket>();
  for (const entry of uniqueByRoster(entries)) {
    const key = `${entry.segmentId}\u0000${entry.thLevel}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { segmentId: entry.segmentId, thLevel: entry.thLevel, entries: [] };
      buckets.set(key, bucket);
    }
    bucket.entries.push({
      rosterId: entry.rosterId,
      points: entry.points,
      joinedMs: toMillis(entry.joinedAt),
      lastOpponent: entry.lastOpponentRosterId ?? null,
    });
  }

  return [...buckets.keys()].sort(compareIds).map((key) => buckets.get(key)!);
}

/**
 * Pairs the ladder queue: same segment and town hall level only, closest points first (ties: the
 * longest waiting, then rosterId), bands widening with waiting time, no immediate rematch within the
 * grace period. Greedy over candidate pairs of neighbours in points order: O(n·k·log(n·k)).
 * Deterministic: the result does not depend on the order of `entries`.
 */
export function pairQueue(
  entries: readonly QueueEntry[],
  now: Instant,
  options: MatchmakingOptions = {},
): QueuePair[] {
  const s = settingsOf(options);
  const at = toMillis(now);
  const pairs: QueuePair[] = [];
  for (const bucket of bucketsOf(entries)) {
    if (bucket.entries.length >= 2) pairBucket(bucket, at, s, pairs);
  }
  return pairs;
}

export interface QueuePairing {
  /** Exactly what `pairQueue` returns for the same arguments. */
  pairs: QueuePair[];
  /**
   * Epoch ms from which the unpaired remainder (the entries not in `pairs`, one per roster), if it
   * stays exactly as it is (nobody joins, leaves, returns or is paired elsewhere, no new last
   * opponent), could produce a pair in some bucket; `now` when it already could (the remainder's own
   * neighbours in points order can differ from those of all entries); null when it never will (every
   * remaining gap is above the widest band). Time alone opens a pair only as bands widen and rematch
   * graces end, so before this time `pairQueue` over that remainder returns nothing. Times in whole
   * milliseconds are exact; otherwise a lower bound.
   */
  nextPairingAt: number | null;
}

/**
 * `pairQueue` plus when to look again: lets a matchmaker skip re-reading a queue whose waiting
 * entries have not changed until `nextPairingAt`. Same pairs, same determinism.
 */
export function pairQueueWithNextPairing(
  entries: readonly QueueEntry[],
  now: Instant,
  options: MatchmakingOptions = {},
): QueuePairing {
  const s = settingsOf(options);
  const at = toMillis(now);
  const pairs: QueuePair[] = [];
  let nextPairingAt: number | null = null;
  for (const bucket of bucketsOf(entries)) {
    if (bucket.entries.length < 2) continue;
    const next = remainderNextPairing(pairBucket(bucket, at, s, pairs), at, s);
    if (next !== null && (nextPairingAt === null || next < nextPairingAt)) nextPairingAt = next;
  }
  return { pairs, nextPairingAt };
}
