import { randomUUID } from 'node:crypto';
import { canPair, MATCHMAKING_MAX_POINTS_BAND, pairQueueWithNextPairing } from '@cwh/domain';
import type { LadderContext } from '../ladder-context.js';
import { type Notice, notice } from '../ladder-notices.js';
import type { NewPair, WaitingRow } from '../ladder-repository.js';

/** Partners within the widest band that newcomer matching looks at (closest points first). */
const NEWCOMER_CANDIDATES = 32;

/**
 * The tick's safety net: each queue is fully read at least this often (per instance) even while its
 * fingerprint is unchanged and its next possible pairing is later. Covers what the fingerprint cannot
 * see: a last opponent written without touching the entry (no code path does), a hash collision, a
 * clock jump.
 */
export const MATCHMAKING_FULL_PASS_MS = 5_000;

/** What this instance's last full pass of a queue that paired nothing learned about it. */
interface QueueMemo {
  /** Fingerprint of exactly the rows that pass read (same statement). */
  fingerprint: string;
  /** From `pairQueueWithNextPairing` over those rows: null = they can never pair among themselves. */
  nextPairingAt: number | null;
  /** When that pass ran (this instance's clock). */
  fullPassAt: number;
}

const queueKey = (queue: { segmentId: string; thLevel: number }) => `${queue.segmentId}:${queue.thLevel}`;

/** Matchmaking: the periodic tick over every queue and newcomer-first matching after a join. */
export function createMatchmakingService(context: LadderContext) {
  const { deps, repo, commit } = context;
  const { config, now } = deps;
  /** The pairing rule's settings this instance was configured with (the domain's defaults otherwise). */
  const rules = { rematchGraceMs: config.rematchGraceMs };

  /** The pair's two entries, home = the longer waiter (earlier joinedAt, then lower roster id). */
  function newPair(a: WaitingRow, b: WaitingRow): NewPair {
    const aFirst = a.joinedMs < b.joinedMs || (a.joinedMs === b.joinedMs && a.rosterId < b.rosterId);
    const [home, away] = aFirst ? [a, b] : [b, a];
    return {
      matchUpId: randomUUID(),
      tenant: home.tenant,
      homeEntryId: home.id,
      homeRosterId: home.rosterId,
      homeOwnerId: home.ownerId,
      awayEntryId: away.id,
      awayRosterId: away.rosterId,
      awayOwnerId: away.ownerId,
    };
  }

  function foundNotices(pairs: NewPair[], notices: Notice[]) {
    for (const pair of pairs) {
      for (const ownerId of [pair.homeOwnerId, pair.awayOwnerId]) {
        notices.push(notice(pair.tenant, ownerId, 'matches:match_up_found', { id: pair.matchUpId }));
      }
    }
  }

  /** Per queue, in process memory (this instance only): the last full pass that paired nothing. */
  const memos = new Map<string, QueueMemo>();
  /** Counters for tests and diagnostics. */
  const stats = { fullPasses: 0, skippedPasses: 0 };

  /**
   * A queue need not be read again while its waiting entries are exactly those the remembered pass
   * read (same fingerprint: same rows, same versions) and time alone cannot pair them yet (before
   * `nextPairingAt`), unless the safety pass is due or the clock went back.
   */
  function canSkip(memo: QueueMemo | undefined, fingerprint: string, at: number): boolean {
    if (!memo || memo.fingerprint !== fingerprint) return false;
    if (at < memo.fullPassAt || at - memo.fullPassAt >= MATCHMAKING_FULL_PASS_MS) return false;
    return memo.nextPairingAt === null || at < memo.nextPairingAt;
  }

  /**
   * One matchmaking pass over every queue (the safety net: bands widen with waiting time); returns the
   * number of match-ups created. One aggregate reads every queue's fingerprint; a queue is skipped when
   * `canSkip`. Otherwise, under its advisory lock: ALL waiting entries are read without row locks,
   * `pairQueueWithNextPairing` pairs them, then only the chosen rows are locked (SKIP LOCKED) and
   * re-checked; pairs whose rows were taken meanwhile (newcomer matching, leave) are dropped. Only a
   * pass that chose no pair is remembered (its `nextPairingAt` then covers every row it read); after a
   * pass that paired, or dropped a pair, the next tick reads the queue again.
   */
  async function matchmake(): Promise<number> {
    let created = 0;
    const tickAt = now().getTime();
    const live = new Set<string>();
    for (const queue of await repo.waitingQueueFingerprints()) {
      const key = queueKey(queue);
      live.add(key);
      if (canSkip(memos.get(key), queue.fingerprint, tickAt)) {
        stats.skippedPasses++;
        continue;
      }
      memos.delete(key);
      const outcome = await commit(async (tx, notices) => {
        if (!(await repo.tryLockQueue(queue.segmentId, queue.thLevel, tx))) return { created: 0, memo: null };
        stats.fullPasses++;
        const { rows: waiting, fingerprint } = await repo.waitingOfQueue(queue.segmentId, queue.thLevel, tx);
        if (waiting.some((e) => e.unset)) {
          // The fill rewrites rows (new fingerprint): nothing to remember, the next tick reads again.
          await repo.fillWaitingPoints(queue.segmentId, queue.thLevel, tx);
        }
        const at = now();
        const remember = (nextPairingAt: number | null) =>
          fingerprint !== null && !waiting.some((e) => e.unset)
            ? { fingerprint, nextPairingAt, fullPassAt: tickAt }
            : null;
        if (waiting.length < 2) return { created: 0, memo: remember(null) };
        const byRoster = new Map(waiting.map((e) => [e.rosterId, e]));
        const pairing = pairQueueWithNextPairing(
          waiting.map((e) => ({
            rosterId: e.rosterId,
            segmentId: queue.segmentId,
            thLevel: queue.thLevel,
            points: e.points,
            joinedAt: new Date(e.joinedMs).toISOString(),
            lastOpponentRosterId: e.lastOpponent,
          })),
          at.toISOString(),
          rules,
        );
        if (pairing.pairs.length === 0) return { created: 0, memo: remember(pairing.nextPairingAt) };
        const chosen = pairing.pairs.map((pair) =>
          newPair(byRoster.get(pair.homeRosterId)!, byRoster.get(pair.awayRosterId)!),
        );
        const locked = await repo.lockStillWaiting(
          chosen.flatMap((p) => [p.homeEntryId, p.awayEntryId]),
          tx,
        );
        const pairs = chosen.filter((p) => locked.has(p.homeEntryId) && locked.has(p.awayEntryId));
        await repo.insertPairs(pairs, queueTimes(queue, at), tx);
        foundNotices(pairs, notices);
        return { created: pairs.length, memo: null };
      });
      if (outcome.memo) memos.set(key, outcome.memo);
      created += outcome.created;
    }
    for (const key of memos.keys()) if (!live.has(key)) memos.delete(key);
    return created;
  }

  function queueTimes(queue: { segmentId: string; thLevel: number }, at: Date) {
    return { ...queue, at, expiresAt: new Date(at.getTime() + config.acceptWindowMs) };
  }

  /**
   * Newcomer-first matching, run right after a join committed: pairs THAT entry with its best partner
   * in the same queue (closest points within the band of the longer waiter, then the longest waiting;
   * no rematch inside the grace period). ONE unlocked read gives the entry and its candidates (a
   * range scan on the points index); with no partner the rule allows, that is all (no transaction).
   * Otherwise ONE statement locks the entry and its best partner in id order, WAITING for a
   * transaction that holds either row, re-checks them and writes the pair (`pairIfBothWaiting`).
   * Two captains joining at once each find the other: skipping a row held by the other's matching
   * left both to the next tick (up to MATCHMAKING_INTERVAL_MS later). Ticks lock with SKIP LOCKED and never wait, so they cannot
   * deadlock with it.
   *
   * `contended`: the best partner was taken meanwhile by another matching. When many captains join
   * at once they all want the same partner (the longest waiter); the losers do not try the next
   * candidates one by one against each other: the caller runs the tick at once (the workers' kick),
   * which pairs everyone left in one pass with the domain's `pairQueue`.
   */
  async function newcomerOutcome(entryId: string): Promise<{ matchUpId: string | null; contended: boolean }> {
    const none = { matchUpId: null, contended: false };
    const read = await repo.newcomerWithCandidates(entryId, MATCHMAKING_MAX_POINTS_BAND, NEWCOMER_CANDIDATES);
    if (!read) return none;
    const { me } = read;
    const at = now().getTime();
    const partner = read.candidates.find((other) => canPair(me, other, at, rules));
    if (!partner) return none;
    const pair = newPair(me, partner);
    // In a unit of work (retried like the statement alone was): the captains' match-found notices
    // are written to their notice log in the pair's transaction, and sent once it committed.
    const locked = await commit(async (tx, notices) => {
      const ids = await repo.pairIfBothWaiting(pair, queueTimes(me, new Date(at)), tx);
      if (ids.has(me.id) && ids.has(partner.id)) foundNotices([pair], notices);
      return ids;
    });
    // Paired (or gone) while this matching waited: nothing left to do for this entry.
    if (!locked.has(me.id)) return none;
    if (!locked.has(partner.id)) return { matchUpId: null, contended: true };
    return { matchUpId: pair.matchUpId, contended: false };
  }

  /** `newcomerOutcome`'s match-up id, or null. */
  const matchNewcomer = async (entryId: string) => (await newcomerOutcome(entryId)).matchUpId;

  return { matchmake, matchNewcomer, newcomerOutcome, matchmakingStats: () => ({ ...stats }) };
}
