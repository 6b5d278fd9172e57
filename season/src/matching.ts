/**
 * Matching latency: how long the hub takes to tell a captain about a pair once the ladder's rules
 * allow it. The rehearsal's join → found (`latenciesMs.joinToFound`) is the later joiner's whole
 * wait, which includes the rules themselves (the points band widens with time, last opponents wait
 * out the rematch grace): a measure of the ladder's design, not of the hub. Here each found pair is
 * replayed through the domain's own rule (`canPair`, the one the hub pairs by) with what the hub knew:
 * - eligible at the later join (the usual case): the later joiner's join call → its found notice;
 * - eligible later, by time alone (a band widened, a grace ran out): from that instant to the first
 *   found notice (the hub's tick then finds it: MATCHMAKING_INTERVAL_MS, 250 ms by default).
 */
import { canPair, type PairCandidate } from '@cwh/domain';
import type { MatchUpDoc } from './invariants.js';

/** A captain's join as the hub stored it: the entry's joinedAt (hub clock) and the roster's points then. */
export interface JoinRecord {
  joinedMs: number;
  points: number;
  /** performance.now() when the join call was sent. */
  sentAt: number;
}

/** A side's found notice of a match-up: performance.now() when it arrived. */
export interface FoundRecord {
  rosterId: string;
  at: number;
}

export interface MatchingLatencies {
  /** Pairs the rules allowed at the later join: that join call → the later joiner's found notice (ms). */
  atJoin: number[];
  /** Pairs that time alone made eligible: that instant → the first found notice (ms). */
  byTime: number[];
  /** Pairs the replay cannot place (a side's join or notice missing, or never eligible by the rule). */
  unplaced: number;
}

/** Latest join of a roster at or before `at` (hub clock). */
function joinBefore(joins: readonly JoinRecord[] | undefined, at: number): JoinRecord | null {
  let best: JoinRecord | null = null;
  for (const j of joins ?? []) if (j.joinedMs <= at && (!best || j.joinedMs > best.joinedMs)) best = j;
  return best;
}

/** The opponent of a roster's latest match-up created before `at`: the hub's "last opponent". */
function lastOpponentBefore(
  history: readonly { createdMs: number; opponent: string }[] | undefined,
  at: number,
): string | null {
  let best: { createdMs: number; opponent: string } | null = null;
  for (const h of history ?? []) if (h.createdMs < at && (!best || h.createdMs > best.createdMs)) best = h;
  return best?.opponent ?? null;
}

/**
 * Earliest instant in [from, from + horizon] at which `canPair` allows the pair, to the millisecond
 * (the rule only opens with time: bands widen, the grace runs out); null when it never does.
 */
export function eligibleFrom(
  a: PairCandidate,
  b: PairCandidate,
  from: number,
  horizonMs = 3_600_000,
): number | null {
  if (canPair(a, b, from)) return from;
  let lo = from;
  let hi = from + horizonMs;
  if (!canPair(a, b, hi)) return null;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (canPair(a, b, mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Replays every match-up both sides were told about through the socket. `clockOffset` turns a
 * performance.now() into the hub's epoch ms (same machine: performance.timeOrigin).
 */
export function matchingLatencies(
  matchUps: Iterable<MatchUpDoc>,
  joins: ReadonlyMap<string, readonly JoinRecord[]>,
  found: ReadonlyMap<string, readonly FoundRecord[]>,
  clockOffset: number,
): MatchingLatencies {
  const all = [...matchUps];
  const history = new Map<string, { createdMs: number; opponent: string }[]>();
  for (const mu of all) {
    const [x, y] = mu.attributes.sides;
    if (!x || !y) continue;
    const createdMs = Date.parse(mu.attributes.createdAt);
    for (const [me, them] of [
      [x, y],
      [y, x],
    ] as const) {
      const list = history.get(me.roster.id) ?? [];
      list.push({ createdMs, opponent: them.roster.id });
      history.set(me.roster.id, list);
    }
  }
  const out: MatchingLatencies = { atJoin: [], byTime: [], unplaced: 0 };
  for (const mu of all) {
    const notices = found.get(mu.id);
    const [x, y] = mu.attributes.sides;
    if (!notices || notices.length === 0 || !x || !y) continue;
    const createdMs = Date.parse(mu.attributes.createdAt);
    const sides = [x.roster.id, y.roster.id].map((rosterId) => ({
      rosterId,
      join: joinBefore(joins.get(rosterId), createdMs),
      lastOpponent: lastOpponentBefore(history.get(rosterId), createdMs),
    }));
    if (sides.some((s) => !s.join)) {
      out.unplaced++;
      continue;
    }
    const [a, b] = sides.map(
      (s): PairCandidate => ({
        rosterId: s.rosterId,
        points: s.join!.points,
        joinedMs: s.join!.joinedMs,
        lastOpponent: s.lastOpponent,
      }),
    ) as [PairCandidate, PairCandidate];
    const later = a.joinedMs >= b.joinedMs ? sides[0]! : sides[1]!;
    const laterJoinMs = Math.max(a.joinedMs, b.joinedMs);
    const from = eligibleFrom(a, b, laterJoinMs);
    if (from === null) {
      out.unplaced++;
      continue;
    }
    if (from === laterJoinMs) {
      const notice = notices.find((n) => n.rosterId === later.rosterId);
      if (notice) out.atJoin.push(notice.at - later.join!.sentAt);
      else out.unplaced++;
    } else {
      const first = Math.min(...notices.map((n) => n.at));
      out.byTime.push(first + clockOffset - from);
    }
  }
  return out;
}
