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
  /** performance.now() when the join call was sent, and when it was answered. */
  sentAt: number;
  answeredAt?: number;
}

/** A match-up a roster's bot handled (found or read): its id and performance.now() then. */
export interface Handled {
  id: string;
  at: number;
}

/** A side's found notice of a match-up: performance.now() when it arrived, and since its bot's last join. */
export interface FoundRecord {
  rosterId: string;
  at: number;
  waitedMs: number;
}

export interface MatchingLatencies {
  /** Pairs the rules allowed at the later join: that join call → the later joiner's found notice (ms). */
  atJoin: number[];
  /** Pairs that time alone made eligible: that instant → the first found notice (ms). */
  byTime: number[];
  /** Of the `atJoin` pairs: the later joiner's join call until its answer (ms), the HTTP part. */
  joinCall: number[];
  /**
   * Pairs with a side back in the queue after a match-up that did not go ahead (declined or expired:
   * the hub keeps its joinedAt, and its bot did not join again), either side: not timed.
   */
  requeued: number;
  /** Pairs the replay cannot place (a side's join or notice missing, or never eligible by the rule). */
  unplaced: number;
}

export const noMatchingLatencies = (): MatchingLatencies => ({
  atJoin: [],
  byTime: [],
  joinCall: [],
  requeued: 0,
  unplaced: 0,
});

/** Latest join of a roster at or before `at` (hub clock). */
function joinBefore(joins: readonly JoinRecord[] | undefined, at: number): JoinRecord | null {
  let best: JoinRecord | null = null;
  for (const j of joins ?? []) if (j.joinedMs <= at && (!best || j.joinedMs > best.joinedMs)) best = j;
  return best;
}

/**
 * The opponent of a roster's match-up before this one: the hub's "last opponent". The order the
 * roster's bot handled its match-ups in, when it handled both; else the match-ups' creation times,
 * which the API gives to the second (a match-up declined within the second would be misplaced). A
 * match-up its bot never handled (found while its socket was down, expired before it read it) but
 * created in a later second than the handled one is the later: the hub counts it as last opponent.
 */
function lastOpponentBefore(
  history: readonly { id: string; createdMs: number; opponent: string }[] | undefined,
  sequence: readonly Handled[] | undefined,
  matchUpId: string,
  at: number,
): string | null {
  let latest: { id: string; createdMs: number; opponent: string } | null = null;
  for (const h of history ?? [])
    if (h.createdMs < at && (!latest || h.createdMs > latest.createdMs)) latest = h;
  const index = sequence?.findIndex((h) => h.id === matchUpId) ?? -1;
  if (index > 0) {
    const previous = history?.find((h) => h.id === sequence![index - 1]!.id);
    if (previous && !(latest && latest.createdMs > previous.createdMs)) return previous.opponent;
  }
  return latest?.opponent ?? null;
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
  seen: {
    joins: ReadonlyMap<string, readonly JoinRecord[]>;
    sequence: ReadonlyMap<string, readonly Handled[]>;
    found: ReadonlyMap<string, readonly FoundRecord[]>;
  },
  clockOffset: number,
): MatchingLatencies {
  const { joins, sequence, found } = seen;
  const all = [...matchUps];
  const history = new Map<string, { id: string; createdMs: number; opponent: string }[]>();
  for (const mu of all) {
    const [x, y] = mu.attributes.sides;
    if (!x || !y) continue;
    const createdMs = Date.parse(mu.attributes.createdAt);
    for (const [me, them] of [
      [x, y],
      [y, x],
    ] as const) {
      const list = history.get(me.roster.id) ?? [];
      list.push({ id: mu.id, createdMs, opponent: them.roster.id });
      history.set(me.roster.id, list);
    }
  }
  const out = noMatchingLatencies();
  for (const mu of all) {
    const notices = found.get(mu.id);
    const [x, y] = mu.attributes.sides;
    if (!notices || notices.length === 0 || !x || !y) continue;
    const createdMs = Date.parse(mu.attributes.createdAt);
    const sides = [x.roster.id, y.roster.id].map((rosterId) => ({
      rosterId,
      join: joinBefore(joins.get(rosterId), createdMs),
      lastOpponent: lastOpponentBefore(history.get(rosterId), sequence.get(rosterId), mu.id, createdMs),
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
    // The later joiner by the bots' own clock (the API's joinedAt is to the second).
    const later = sides[0]!.join!.sentAt >= sides[1]!.join!.sentAt ? sides[0]! : sides[1]!;
    const laterJoinMs = Math.max(a.joinedMs, b.joinedMs);
    const from = eligibleFrom(a, b, laterJoinMs);
    if (from === null) {
      out.unplaced++;
      continue;
    }
    if (from === laterJoinMs) {
      // A side whose bot handled a match-up after sending its join is back from it (declined or
      // expired; the hub keeps its joinedAt), not freshly joined. The earlier side too: while it sat
      // in that match-up it was not in the queue when the later side joined.
      const requeued = sides.some((side) => {
        const order = sequence.get(side.rosterId) ?? [];
        const previous = order[order.findIndex((h) => h.id === mu.id) - 1];
        return previous !== undefined && previous.at > side.join!.sentAt;
      });
      if (requeued) {
        out.requeued++;
        continue;
      }
      const notice = notices.find((n) => n.rosterId === later.rosterId);
      if (notice) {
        out.atJoin.push(notice.at - later.join!.sentAt);
        if (later.join!.answeredAt !== undefined)
          out.joinCall.push(later.join!.answeredAt - later.join!.sentAt);
      } else out.unplaced++;
    } else {
      const first = Math.min(...notices.map((n) => n.at));
      out.byTime.push(first + clockOffset - from);
    }
  }
  return out;
}
