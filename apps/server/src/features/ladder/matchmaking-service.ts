import { randomUUID } from 'node:crypto';
import {
  MATCHMAKING_MAX_POINTS_BAND,
  MATCHMAKING_REMATCH_GRACE_MS,
  pairQueue,
  pointsBand,
} from '@cwh/domain';
import type { LadderContext } from './ladder-context.js';
import { type Notice, notice } from './ladder-notices.js';
import type { NewPair, WaitingRow } from './ladder-repository.js';

/** Partners within the widest band that newcomer matching looks at (closest points first). */
const NEWCOMER_CANDIDATES = 32;

/** Matchmaking: the periodic tick over every queue and newcomer-first matching after a join. */
export function createMatchmakingService(context: LadderContext) {
  const { deps, repo, commit } = context;
  const { config, now } = deps;

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

  /**
   * One matchmaking pass over every queue (the safety net: bands widen with waiting time); returns the
   * number of match-ups created. Per queue, under its advisory lock: ALL waiting entries are read
   * without row locks, `pairQueue` pairs them, then only the chosen rows are locked (SKIP LOCKED) and
   * re-checked; pairs whose rows were taken meanwhile (newcomer matching, leave) are dropped.
   */
  async function matchmake(): Promise<number> {
    let created = 0;
    for (const bucket of await repo.waitingBuckets()) {
      created += await commit(async (tx, notices) => {
        if (!(await repo.tryLockQueue(bucket.segmentId, bucket.thLevel, tx))) return 0;
        const waiting = await repo.waitingOfQueue(bucket.segmentId, bucket.thLevel, tx);
        if (waiting.some((e) => e.unset)) await repo.fillWaitingPoints(bucket.segmentId, bucket.thLevel, tx);
        if (waiting.length < 2) return 0;
        const at = now();
        const byRoster = new Map(waiting.map((e) => [e.rosterId, e]));
        const chosen = pairQueue(
          waiting.map((e) => ({
            rosterId: e.rosterId,
            segmentId: bucket.segmentId,
            thLevel: bucket.thLevel,
            points: e.points,
            joinedAt: new Date(e.joinedMs).toISOString(),
            lastOpponentRosterId: e.lastOpponent,
          })),
          at.toISOString(),
        ).map((pair) => newPair(byRoster.get(pair.homeRosterId)!, byRoster.get(pair.awayRosterId)!));
        if (chosen.length === 0) return 0;
        const locked = await repo.lockStillWaiting(
          chosen.flatMap((p) => [p.homeEntryId, p.awayEntryId]),
          tx,
        );
        const pairs = chosen.filter((p) => locked.has(p.homeEntryId) && locked.has(p.awayEntryId));
        await repo.insertPairs(pairs, queueTimes(bucket, at), tx);
        foundNotices(pairs, notices);
        return pairs.length;
      });
    }
    return created;
  }

  function queueTimes(queue: { segmentId: string; thLevel: number }, at: Date) {
    return { ...queue, at, expiresAt: new Date(at.getTime() + config.acceptWindowMs) };
  }

  /**
   * Newcomer-first matching, run right after a join committed: pairs THAT entry with its best partner
   * in the same queue (closest points within the band of the longer waiter, then the longest waiting;
   * no rematch inside the grace period). One range scan on the points index; the entry and the
   * partner are locked FOR UPDATE SKIP LOCKED and re-checked, so it is safe next to ticks and other
   * newcomers on any instance. Returns the match-up id, or null (the periodic tick keeps trying).
   */
  async function matchNewcomer(entryId: string): Promise<string | null> {
    return commit(async (tx, notices) => {
      const me = await repo.lockWaitingEntry(entryId, tx);
      if (!me) return null;
      const at = now().getTime();
      const candidates = await repo.waitingNear(
        me.segmentId,
        me.thLevel,
        me.points,
        MATCHMAKING_MAX_POINTS_BAND,
        me.id,
        NEWCOMER_CANDIDATES,
        tx,
      );
      for (const other of candidates) {
        if (other.rosterId === me.rosterId) continue;
        const longer = Math.min(me.joinedMs, other.joinedMs);
        if (Math.abs(other.points - me.points) > pointsBand(at - longer)) continue;
        const rematch = me.lastOpponent === other.rosterId || other.lastOpponent === me.rosterId;
        const shorter = Math.max(me.joinedMs, other.joinedMs);
        if (rematch && at - shorter <= MATCHMAKING_REMATCH_GRACE_MS) continue;
        if (!(await repo.lockStillWaiting([other.id], tx)).has(other.id)) continue;
        const pair = newPair(me, other);
        await repo.insertPairs([pair], queueTimes(me, new Date(at)), tx);
        foundNotices([pair], notices);
        return pair.matchUpId;
      }
      return null;
    });
  }

  return { matchmake, matchNewcomer };
}
