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

/**
 * Pairs one (segment, TH level) bucket. Entries are ranked once by waiting time (earliest joined,
 * then rosterId), so every later tie-break is an integer comparison of ranks.
 */
function pairBucket(bucket: Bucket, at: number, s: Settings, out: QueuePair[]): void {
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
      if (gap > Math.max(band[a]!, band[b]!)) continue;
      const rematch =
        ranked[a]!.lastOpponent === ranked[b]!.rosterId || ranked[b]!.lastOpponent === ranked[a]!.rosterId;
      if (rematch && (waited[a]! <= s.rematchGraceMs || waited[b]! <= s.rematchGraceMs)) continue;
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

  const pairs: QueuePair[] = [];
  for (const key of [...buckets.keys()].sort(compareIds)) {
    const bucket = buckets.get(key)!;
    if (bucket.entries.length >= 2) pairBucket(bucket, at, s, pairs);
  }
  return pairs;
}
