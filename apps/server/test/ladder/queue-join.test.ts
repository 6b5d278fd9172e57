import { randomUUID } from 'node:crypto';
import { API } from '@cwh/contract';
import {
  MATCH_LIMIT_MESSAGE,
  MATCH_LIMIT_WINDOW_MS,
  MATCHMAKING_REMATCH_GRACE_MS,
  MAX_MATCHES_PER_24H,
  ROSTER_ALREADY_PLAYED_DETAIL,
} from '@cwh/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { queueEntries, selectedPlayers } from '../../src/db/schema/ladder.js';
import { rosterMembers, rosters } from '../../src/db/schema/rosters.js';
import { segments } from '../../src/db/schema/segments.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { DbSimGame } from '../../src/game/simulated/db-sim-game.js';
import { describeEachDatabase, loginAsAdmin, TEST_NOW } from '../harness.js';
import {
  type Captain,
  ladderCaptains,
  ladderSegment,
  removeFromClan,
  setClanWar,
  th16Tag,
} from './ladder-fixtures.js';
import { call, join, latestMatchUp, status, testClock } from './ladder-http.js';

/*
 * The queue's join, status and leave (queue-join-service.ts) over HTTP: each refusal with what it
 * says (code, detail, meta), what a join stores, what a leave changes in every state of the entry,
 * and a leave that races a pairing. Workers are off: pairing runs by hand on the test clock.
 */

// The socket notices, as sent to the user rooms.
const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const { clock, advance } = testClock();
/** Times as the API writes them: ISO 8601 to the second. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
/** A server-wide limit lower than the seeded segment's (which sets none). */
const MAX_MATCHES = 1;

describeEachDatabase(
  'queue join, status and leave',
  (ctx) => {
    let captains: Captain[] = [];
    let segment: Awaited<ReturnType<typeof ladderSegment>>;
    let used = 0;
    /** The next captain no other test has queued. */
    const next = () => captains[used++]!;
    beforeAll(async () => {
      segment = await ladderSegment(ctx.database.db);
      captains = await ladderCaptains(ctx.database.db, 30, { now: TEST_NOW });
    });
    beforeEach(() => {
      sent.length = 0;
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    const refusal = (response: Awaited<ReturnType<typeof join>>) => {
      const error = response.json().errors?.[0] as { code: string; detail?: string; meta?: unknown };
      return { status: response.statusCode, code: error?.code, detail: error?.detail, meta: error?.meta };
    };
    const leave = (c: Captain, token = c.token) =>
      call(ctx.app, token, 'POST', `${API.matches}/queue/${c.rosterId}/leave`);
    const entriesOf = (c: Captain) =>
      ctx.database.db.select().from(queueEntries).where(eq(queueEntries.rosterId, c.rosterId));
    const setRoster = (c: Captain, set: Partial<typeof rosters.$inferInsert>) =>
      ctx.database.db.update(rosters).set(set).where(eq(rosters.id, c.rosterId));
    const setLadder = (set: Partial<typeof segments.$inferInsert>) =>
      ctx.database.db.update(segments).set(set).where(eq(segments.id, segment.ladderId));
    /** Two fresh captains, queued and paired by the tick: the match-up's id. */
    async function paired() {
      const [x, y] = [next(), next()];
      expect((await join(ctx.app, x)).statusCode).toBe(200);
      advance(1_000);
      expect((await join(ctx.app, y)).statusCode).toBe(200);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      sent.length = 0;
      return { x, y, id: (await latestMatchUp(ctx.app, x)).id as string };
    }

    it('a join of an unknown roster is 404 and names the roster', async () => {
      const c = captains[0]!;
      const unknown = randomUUID();
      const response = await join(ctx.app, { ...c, rosterId: unknown });
      expect(refusal(response)).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        detail: `No roster with id ${unknown}`,
      });
    });

    it('only the captain queues a roster, or an admin for them (the entry stays the captain’s)', async () => {
      const [c, other] = [next(), captains[29]!];
      expect(refusal(await join(ctx.app, { ...c, token: other.token }))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
        detail: 'Only the captain (roster owner) may queue this roster',
      });
      expect(await entriesOf(c)).toEqual([]);

      const admin = await loginAsAdmin(ctx.app);
      const joined = await join(ctx.app, { ...c, token: admin.token.value });
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data.attributes).toMatchObject({ status: 'waiting', rosterId: c.rosterId });
      const [row] = await entriesOf(c);
      expect(row).toMatchObject({ status: 'waiting', ownerId: c.userId });
      expect((await leave(c, admin.token.value)).json().data.attributes.status).toBe('cancelled');
    });

    it('a roster not locked, withdrawn, or without a clan is not in the ladder', async () => {
      const c = next();
      const notInLadder = async (detail: string) => {
        expect(refusal(await join(ctx.app, c))).toMatchObject({ status: 409, code: 'NOT_IN_LADDER', detail });
      };
      await setRoster(c, { confirmedAt: null });
      await notInLadder('Only a locked roster can queue');
      await setRoster(c, { confirmedAt: TEST_NOW, withdrawnAt: clock.now });
      await notInLadder('Only a locked roster can queue');
      await setRoster(c, { withdrawnAt: null, clanTag: null });
      await notInLadder('Only a clan roster can queue');
      expect(await entriesOf(c)).toEqual([]);
      await setRoster(c, { clanTag: c.clanTag });
      expect((await join(ctx.app, c)).statusCode).toBe(200);
      await leave(c);
    });

    it('no ladder segment open now: NOT_IN_LADDER', async () => {
      const c = next();
      // The championship's container is a ladder segment too: both closed a millisecond ago.
      const ids = [segment.parentId, segment.ladderId];
      const before = await ctx.database.db.select().from(segments).where(inArray(segments.id, ids));
      await ctx.database.db
        .update(segments)
        .set({ dateTo: new Date(clock.now.getTime() - 1) })
        .where(inArray(segments.id, ids));
      try {
        expect(refusal(await join(ctx.app, c))).toMatchObject({
          status: 409,
          code: 'NOT_IN_LADDER',
          detail: 'No ladder segment of this roster is open now',
        });
      } finally {
        for (const row of before) {
          await ctx.database.db.update(segments).set({ dateTo: row.dateTo }).where(eq(segments.id, row.id));
        }
      }
      expect(await entriesOf(c)).toEqual([]);
    });

    it('a clan at war cannot queue: CLAN_IS_IN_WAR with the war status', async () => {
      const c = next();
      await setClanWar(ctx.database.db, c.clanTag, 'clanWar');
      expect(refusal(await join(ctx.app, c))).toEqual({
        status: 400,
        code: 'CLAN_IS_IN_WAR',
        detail: 'Your clan is in an active Clan War or Friendly War',
        meta: { warStatus: 'clanWar' },
      });
      expect(await entriesOf(c)).toEqual([]);
      await setClanWar(ctx.database.db, c.clanTag, 'none');
    });

    it('joining again answers the live entry, even once the clan has gone to war', async () => {
      const c = next();
      const first = await join(ctx.app, c);
      expect(first.statusCode).toBe(200);
      await setClanWar(ctx.database.db, c.clanTag, 'friendlyWar');
      const again = await join(ctx.app, c);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(first.json().data);
      expect(await entriesOf(c)).toHaveLength(1);
      await setClanWar(ctx.database.db, c.clanTag, 'none');
      await leave(c);
    });

    it('a join stores the waiting entry and the selected players, with the tags normalised', async () => {
      const c = next();
      // Lower case: the tags are stored as the game writes them.
      const joined = await join(
        ctx.app,
        c,
        c.playerTags.map((tag) => tag.toLowerCase()),
      );
      expect(joined.statusCode).toBe(200);
      const data = joined.json().data;
      expect(data.attributes).toEqual({
        status: 'waiting',
        rosterId: c.rosterId,
        segmentId: segment.ladderId,
        thLevel: 17,
        joinedAt: isoSeconds(clock.now),
        endedAt: null,
        playerTags: c.playerTags,
        matchUpId: null,
        matchSeriesId: null,
      });
      const [row] = await entriesOf(c);
      expect(row).toMatchObject({
        id: data.id,
        tenant: 'global',
        ownerId: c.userId,
        joinedAt: clock.now,
        createdAt: clock.now,
        points: 0,
        endedAt: null,
      });
      const [selection] = await ctx.database.db
        .select()
        .from(selectedPlayers)
        .where(eq(selectedPlayers.rosterId, c.rosterId));
      expect(selection).toEqual({
        rosterId: c.rosterId,
        clanTag: c.clanTag,
        playerTags: c.playerTags,
        updatedAt: clock.now,
      });
      // The status answers the same entry, and says there is no rematch wait (the join answer
      // leaves `rematch` out: contract queue.ts).
      expect(await status(ctx.app, c)).toEqual({
        ...data,
        attributes: { ...data.attributes, rematch: null },
      });
      await leave(c);
    });

    it('line-up refusals say which players: not on the roster, not in the clan, another town hall', async () => {
      const c = next();
      const strangers = [captains[28]!.playerTags[0]!, captains[28]!.playerTags[1]!];
      expect(refusal(await join(ctx.app, c, [...c.playerTags.slice(0, 3), ...strangers]))).toEqual({
        status: 400,
        code: 'WRONG_MEMBER',
        detail: `Not on the roster: ${strangers.join(', ')}`,
        meta: { playerTags: strangers },
      });
      const th16 = th16Tag(c);
      expect(refusal(await join(ctx.app, c, [...c.playerTags.slice(0, 4), th16]))).toEqual({
        status: 400,
        code: 'TH_LEVELS_MISMATCH',
        detail: 'Selected players have a different Town Hall level',
        meta: { playerTags: [th16], clanThLevel: 17 },
      });
      await removeFromClan(ctx.database.db, c.playerTags[2]!);
      expect(refusal(await join(ctx.app, c))).toEqual({
        status: 400,
        code: 'MEMBERS_MISSING',
        detail: 'A team member is missing from your clan',
        meta: { playerTags: [c.playerTags[2]] },
      });
      expect(await entriesOf(c)).toEqual([]);
    });

    it('a clan the game no longer knows when the line-up is checked: every player is missing', async () => {
      const c = next();
      vi.spyOn(DbSimGame.prototype, 'getClan').mockResolvedValue(null);
      expect(refusal(await join(ctx.app, c))).toEqual({
        status: 400,
        code: 'MEMBERS_MISSING',
        detail: 'A team member is missing from your clan',
        meta: { playerTags: c.playerTags },
      });
      expect(await entriesOf(c)).toEqual([]);
    });

    it('a roster short of five live members: ROSTER_MISSING_MEMBER with the count', async () => {
      const c = next();
      await ctx.database.db
        .update(rosterMembers)
        .set({ removedAt: clock.now })
        .where(eq(rosterMembers.playerTag, c.playerTags[4]!));
      await ctx.database.db
        .update(rosterMembers)
        .set({ removedAt: clock.now })
        .where(eq(rosterMembers.playerTag, th16Tag(c)));
      expect(refusal(await join(ctx.app, c))).toEqual({
        status: 400,
        code: 'ROSTER_MISSING_MEMBER',
        detail: 'Your roster is missing a member; it needs 5 to play',
        meta: { members: 4, required: 5 },
      });
      // Five live members again (the TH16 one back): the check passes, the line-up's is next.
      await ctx.database.db
        .update(rosterMembers)
        .set({ removedAt: null })
        .where(eq(rosterMembers.playerTag, th16Tag(c)));
      expect(refusal(await join(ctx.app, c)).code).toBe('WRONG_MEMBER');
      expect(await entriesOf(c)).toEqual([]);
    });

    it('an upcoming match blocks a join and names its series', async () => {
      const { x, y, id } = await paired();
      await call(ctx.app, x.token, 'POST', `${API.matches}/match-ups/${id}/accept`);
      const accepted = await call(ctx.app, y.token, 'POST', `${API.matches}/match-ups/${id}/accept`);
      const seriesId = accepted.json().data.attributes.matchSeriesId as string;
      expect(seriesId).toEqual(expect.any(String));
      expect(refusal(await join(ctx.app, x))).toEqual({
        status: 409,
        code: 'UPCOMING_MATCH',
        detail: 'This roster still has an upcoming match',
        meta: { matchSeriesId: seriesId },
      });
      // The leave of an accepted entry (its series created) changes nothing.
      const left = await leave(x);
      expect(left.statusCode).toBe(200);
      expect(left.json().data.attributes).toMatchObject({ status: 'accepted', matchSeriesId: seriesId });
      // Played: the limit per segment is the server's, unless the segment sets its own.
      await ctx.app.ladder.finishSeries({ matchSeriesId: seriesId, stars: { home: 3, away: 1 } });
      advance(1_000);
      // The entry is completed: no queue status any more.
      expect((await entriesOf(x))[0]!.status).toBe('completed');
      expect(await status(ctx.app, x)).toBeNull();
      expect(refusal(await join(ctx.app, x))).toEqual({
        status: 400,
        code: 'ROSTER_ALREADY_PLAYED',
        detail: `This ${ROSTER_ALREADY_PLAYED_DETAIL} its ${MAX_MATCHES} matches in this ladder segment`,
      });
      const [ladder] = await ctx.database.db.select().from(segments).where(eq(segments.id, segment.ladderId));
      try {
        await setLadder({ configuration: { ...ladder!.configuration, maxMatches: 2 } as never });
        expect((await join(ctx.app, y)).statusCode).toBe(200);
        await leave(y);
        await setLadder({ configuration: { ...ladder!.configuration, maxMatches: 'two' } as never });
        expect(refusal(await join(ctx.app, y)).code).toBe('ROSTER_ALREADY_PLAYED');
      } finally {
        await setLadder({ configuration: ladder!.configuration });
      }
    });

    it('six matches in 24 hours: MATCH_LIMIT_REACHED until the oldest is a day old', async () => {
      const [x, y] = [next(), next()];
      const [ladder] = await ctx.database.db.select().from(segments).where(eq(segments.id, segment.ladderId));
      // A segment limit above the day's, so the day's is the one met.
      await setLadder({ configuration: { ...ladder!.configuration, maxMatches: 10 } as never });
      try {
        for (let i = 0; i < MAX_MATCHES_PER_24H; i++) {
          expect((await join(ctx.app, x)).statusCode).toBe(200);
          expect((await join(ctx.app, y)).statusCode).toBe(200);
          // Past the rematch grace, so the same two meet again.
          advance(MATCHMAKING_REMATCH_GRACE_MS + 1);
          expect(await ctx.app.ladder.matchmake()).toBe(1);
          const { id } = await latestMatchUp(ctx.app, x);
          await call(ctx.app, x.token, 'POST', `${API.matches}/match-ups/${id}/accept`);
          const done = await call(ctx.app, y.token, 'POST', `${API.matches}/match-ups/${id}/accept`);
          await ctx.app.ladder.finishSeries({
            matchSeriesId: done.json().data.attributes.matchSeriesId,
            stars: { home: 3, away: 1 },
          });
        }
        expect(refusal(await join(ctx.app, x))).toMatchObject({
          status: 429,
          code: 'MATCH_LIMIT_REACHED',
          detail: MATCH_LIMIT_MESSAGE,
        });
        // A day after the last match (played at the lead time after its accept), the window is empty.
        advance(MATCH_LIMIT_WINDOW_MS + defaultLadderConfig().matchLeadTimeMs);
        expect((await join(ctx.app, x)).statusCode).toBe(200);
        await leave(x);
      } finally {
        await setLadder({ configuration: ladder!.configuration });
      }
    });

    it('status: null for a roster never queued; the captain’s only', async () => {
      const c = next();
      expect(await status(ctx.app, c)).toBeNull();
      const other = captains[29]!;
      const foreign = await call(ctx.app, other.token, 'GET', `${API.matches}/queue/${c.rosterId}/status`);
      expect(foreign.statusCode).toBe(403);
    });

    it('a leave without a live entry answers null and writes nothing', async () => {
      const c = next();
      const left = await leave(c);
      expect(left.statusCode).toBe(200);
      expect(left.json().data).toBeNull();
      expect(await entriesOf(c)).toEqual([]);
      expect(sent).toEqual([]);
    });

    it('a leave of a waiting entry cancels it now', async () => {
      const c = next();
      const joined = (await join(ctx.app, c)).json().data;
      advance(2_000);
      const left = await leave(c);
      expect(left.json().data).toEqual({
        ...joined,
        attributes: { ...joined.attributes, status: 'cancelled', endedAt: isoSeconds(clock.now) },
      });
      const [row] = await entriesOf(c);
      expect(row).toMatchObject({ status: 'cancelled', endedAt: clock.now });
      // A second leave changes nothing.
      expect((await leave(c)).json().data.attributes.status).toBe('cancelled');
      expect(sent).toEqual([]);
    });

    it('a leave of a paired entry declines the match-up: the leaver cancelled, the other requeued, both told', async () => {
      const { x, y, id } = await paired();
      const unlocked = staleReads(y, 0);
      const left = await leave(y);
      expect(left.statusCode).toBe(200);
      expect(left.json().data.attributes).toMatchObject({ status: 'cancelled', matchUpId: id });
      // Its match-up read before the locks was the one it is in: no second attempt.
      expect(unlocked.reads).toBe(1);
      expect((await status(ctx.app, x)).attributes).toMatchObject({ status: 'waiting', matchUpId: null });
      expect((await latestMatchUp(ctx.app, x)).attributes.status).toBe('declined');
      const told = { id, matchSeries: null, reason: 'declined', requeuedRosterIds: [x.rosterId] };
      expect(sent).toEqual(
        expect.arrayContaining([
          { userId: x.userId, event: 'matches:match_up_declined', data: told },
          { userId: y.userId, event: 'matches:match_up_declined', data: told },
        ]),
      );
      await leave(x);
    });

    /**
     * The entry read without a lock as if it were paired only after that read: `leave` starts the
     * read again, and from the last attempt on takes the locks against the usual order.
     */
    function staleReads(c: Captain, times: number) {
      const repo = ctx.app.ladder.repository;
      const liveEntry = repo.liveEntry.bind(repo);
      let stale = times;
      const unlocked = { reads: 0 };
      vi.spyOn(repo, 'liveEntry').mockImplementation(async (rosterId, tx, lock) => {
        const row = await liveEntry(rosterId, tx, lock);
        if (lock || rosterId !== c.rosterId) return row;
        unlocked.reads++;
        return stale-- > 0 && row ? { ...row, matchUpId: null } : row;
      });
      return unlocked;
    }

    it('a leave that finds its entry paired meanwhile reads again and declines the match-up', async () => {
      const { x, y, id } = await paired();
      const unlocked = staleReads(y, 1);
      const left = await leave(y);
      expect(left.json().data.attributes).toMatchObject({ status: 'cancelled', matchUpId: id });
      expect(unlocked.reads).toBe(2);
      expect((await status(ctx.app, x)).attributes.status).toBe('waiting');
      expect((await latestMatchUp(ctx.app, x)).attributes.status).toBe('declined');
      vi.restoreAllMocks();
      await leave(x);
    });

    it('a leave whose reads keep missing the pairing locks against the order on its fifth attempt', async () => {
      const { x, y, id } = await paired();
      const unlocked = staleReads(y, Number.POSITIVE_INFINITY);
      const left = await leave(y);
      expect(left.json().data.attributes).toMatchObject({ status: 'cancelled', matchUpId: id });
      expect(unlocked.reads).toBe(5);
      expect((await status(ctx.app, x)).attributes.status).toBe('waiting');
      expect((await latestMatchUp(ctx.app, x)).attributes.status).toBe('declined');
      vi.restoreAllMocks();
      await leave(x);
    });

    it('a plain leave reads its entry once', async () => {
      const c = next();
      await join(ctx.app, c);
      const unlocked = staleReads(c, 0);
      expect((await leave(c)).json().data.attributes.status).toBe('cancelled');
      expect(unlocked.reads).toBe(1);
    });

    it('a join whose live entry ended between its two reads queues a new entry', async () => {
      const c = next();
      const first = (await join(ctx.app, c)).json().data;
      const repo = ctx.app.ladder.repository;
      const joinContext = repo.joinContext.bind(repo);
      // The join reads its context (naming the live entry); the entry ends before the next read.
      vi.spyOn(repo, 'joinContext').mockImplementationOnce(
        async (...args: Parameters<typeof joinContext>) => {
          const context = await joinContext(...args);
          await ctx.database.db
            .update(queueEntries)
            .set({ status: 'cancelled', endedAt: clock.now })
            .where(eq(queueEntries.id, first.id));
          return context;
        },
      );
      const again = await join(ctx.app, c);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.id).not.toBe(first.id);
      expect(again.json().data.attributes.status).toBe('waiting');
      expect((await entriesOf(c)).map((row) => row.status).sort()).toEqual(['cancelled', 'waiting']);
      vi.restoreAllMocks();
      await leave(c);
    });

    it('a leave whose match-up expired between its read and its locks changes nothing', async () => {
      const { x, y, id } = await paired();
      const [before] = await entriesOf(y);
      await call(ctx.app, x.token, 'POST', `${API.matches}/match-ups/${id}/accept`);
      advance(defaultLadderConfig().acceptWindowMs);
      expect(await ctx.app.ladder.sweep()).toBe(1);
      sent.length = 0;
      // y's leave read its entry (paired) just before the sweeper expired the match-up.
      const repo = ctx.app.ladder.repository;
      const liveEntry = repo.liveEntry.bind(repo);
      vi.spyOn(repo, 'liveEntry').mockImplementation(async (rosterId, tx, lock) =>
        !lock && rosterId === y.rosterId ? before! : liveEntry(rosterId, tx, lock),
      );
      const left = await leave(y);
      expect(left.statusCode).toBe(200);
      expect(left.json().data.attributes).toMatchObject({ status: 'expired', matchUpId: id });
      expect(sent).toEqual([]);
      expect((await latestMatchUp(ctx.app, x)).attributes.status).toBe('expired');
      expect((await status(ctx.app, x)).attributes.status).toBe('waiting');
      vi.restoreAllMocks();
      await leave(x);
    });

    it('a leave whose write fails answers the error and leaves the entry waiting', async () => {
      const c = next();
      await join(ctx.app, c);
      vi.spyOn(ctx.app.ladder.repository, 'updateEntry').mockRejectedValueOnce(new Error('connection lost'));
      expect((await leave(c)).statusCode).toBe(500);
      expect((await entriesOf(c))[0]).toMatchObject({ status: 'waiting', endedAt: null });
      vi.restoreAllMocks();
      expect((await leave(c)).json().data.attributes.status).toBe('cancelled');
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false, maxMatchesPerSegment: MAX_MATCHES } },
    deps: { now: () => clock.now },
  },
);
