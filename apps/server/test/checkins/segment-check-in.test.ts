import { checkInErrorPage } from '@cwh/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rosters, segments, stageOutcomes } from '../../src/db/schema/index.js';
import { createCallers, ROLES, type Role } from '../admin/admin-fixtures.js';
import { describeEachDatabase, itOnPostgres, TEST_NOW } from '../harness.js';
import {
  type Captain,
  createCaptains,
  createUserWithToken,
  ladderSegment,
  th16Tag,
} from '../ladder/ladder-fixtures.js';
import { playerToken, refusal, rosterWrites, segmentCheckIn, stageSegment } from './checkins-fixtures.js';

/** POST /api/clan/1.0/clan/roster/segment-check-in (Tournament Check In, spec 5 and 8). */
let clock = TEST_NOW;
const DAY = 24 * 3600_000;
const WINDOW = {
  from: new Date(TEST_NOW.getTime() - DAY).toISOString(),
  to: new Date(TEST_NOW.getTime() + DAY).toISOString(),
};

describeEachDatabase(
  'segment check-in',
  (ctx) => {
    let captains: Captain[] = [];
    let next = 0;
    /** A captain whose roster has not checked in yet. */
    const fresh = () => captains[next++]!;
    /** Monthly qualifier with an open window, and a stage whose check-in names 5 players. */
    let mq = '';
    let finals = '';

    beforeAll(async () => {
      const db = ctx.database.db;
      const { parentId, eventId } = await ladderSegment(db);
      captains = await createCaptains(db, {
        count: 30,
        offset: 8300,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      });
      mq = await stageSegment(db, 'sci-mq', {
        monthlyQualifier: true,
        checkinsConfig: { enabled: true, openWindow: WINDOW },
      });
      finals = await stageSegment(db, 'sci-finals', {
        monthlyQualifier: false,
        checkinsConfig: { enabled: false, openWindow: null },
      });
    });

    describe('refusals: status, code, nothing written', () => {
      it('anonymous', async () => {
        expect(refusal(await segmentCheckIn(ctx.app, null, mq))).toMatchObject({
          status: 401,
          code: 'UNAUTHENTICATED',
        });
      });

      it('data missing: a caller without a roster, an unknown segment, a player without a hub user (9/10)', async () => {
        const db = ctx.database.db;
        const nobody = await createUserWithToken(db, 'sci-nobody@test.local', TEST_NOW);
        const captain = fresh();
        const playerOnly = await playerToken(db, captain.playerTags[2]!, TEST_NOW);
        const cases = [
          await segmentCheckIn(ctx.app, nobody.token, mq),
          await segmentCheckIn(ctx.app, captain.token, '00000000-0000-4000-8000-000000000002'),
          await segmentCheckIn(ctx.app, playerOnly, mq),
        ];
        for (const response of cases) {
          const answer = refusal(response);
          expect(answer).toEqual({
            status: 400,
            code: 'CHECK_IN_DATA_MISSING',
            detail: 'No roster of yours, or no such segment, to check in to',
          });
          expect([
            checkInErrorPage(answer.code!),
            checkInErrorPage(answer.code!, { isChinaRegion: true }),
          ]).toEqual([9, 10]);
        }
        expect(await rosterWrites(db, captain.rosterId)).toEqual({
          checkedIn: false,
          checkins: 0,
          selected: null,
        });
      });

      it('already checked in (9/10)', async () => {
        const captain = fresh();
        expect((await segmentCheckIn(ctx.app, captain.token, mq)).statusCode).toBe(200);
        const before = await rosterWrites(ctx.database.db, captain.rosterId);
        expect(refusal(await segmentCheckIn(ctx.app, captain.token, mq))).toMatchObject({
          status: 409,
          code: 'ROSTER_ALREADY_CHECKED_IN',
          detail: 'Your roster is already checked in',
        });
        expect(await rosterWrites(ctx.database.db, captain.rosterId)).toEqual(before);
      });

      it('the roster is not for the segment: a stage of another event (9/10)', async () => {
        const db = ctx.database.db;
        const { parentId } = await ladderSegment(db);
        const [other] = await db
          .select({ id: segments.id })
          .from(segments)
          .where(and(ne(segments.parentId, parentId), eq(segments.level, 1)))
          .limit(1);
        const captain = fresh();
        expect(refusal(await segmentCheckIn(ctx.app, captain.token, other!.id))).toEqual({
          status: 409,
          code: 'ROSTER_NOT_IN_SEGMENT',
          detail: 'Your roster is not registered for this segment',
        });
        expect(await rosterWrites(db, captain.rosterId)).toEqual({
          checkedIn: false,
          checkins: 0,
          selected: null,
        });
      });

      it('a team member who is not the captain (9/10)', async () => {
        const db = ctx.database.db;
        const captain = fresh();
        const member = await createUserWithToken(db, 'sci-member@test.local', TEST_NOW);
        const token = await playerToken(db, captain.playerTags[1]!, TEST_NOW);
        // The member's player token carries its hub user (as after POST /api/clan/1.0/user).
        await db.execute(
          sql`update player_tokens set user_id = ${member.userId} where player_tag = ${captain.playerTags[1]!}`,
        );
        expect(refusal(await segmentCheckIn(ctx.app, token, mq))).toMatchObject({
          status: 403,
          code: 'NOT_ROSTER_OWNER',
          detail: 'Only the captain (roster owner) may check in',
        });
        expect(await rosterWrites(db, captain.rosterId)).toEqual({
          checkedIn: false,
          checkins: 0,
          selected: null,
        });
      });

      it('outside the open window, 1 ms on either side; its edges are inside', async () => {
        const db = ctx.database.db;
        const [early, late, opening, closing] = [fresh(), fresh(), fresh(), fresh()];
        try {
          clock = new Date(Date.parse(WINDOW.from) - 1);
          expect(refusal(await segmentCheckIn(ctx.app, early.token, mq))).toEqual({
            status: 409,
            code: 'CHECK_IN_WINDOW_CLOSED',
            detail: "Now is outside the segment's check-in window",
          });
          clock = new Date(Date.parse(WINDOW.to) + 1);
          expect(refusal(await segmentCheckIn(ctx.app, late.token, mq))).toEqual({
            status: 409,
            code: 'CHECK_IN_WINDOW_CLOSED',
            detail: "Now is outside the segment's check-in window",
          });
          expect(await rosterWrites(db, early.rosterId)).toEqual({
            checkedIn: false,
            checkins: 0,
            selected: null,
          });
          expect(await rosterWrites(db, late.rosterId)).toEqual({
            checkedIn: false,
            checkins: 0,
            selected: null,
          });
          clock = new Date(WINDOW.from);
          expect((await segmentCheckIn(ctx.app, opening.token, mq)).statusCode).toBe(200);
          clock = new Date(WINDOW.to);
          expect((await segmentCheckIn(ctx.app, closing.token, mq)).statusCode).toBe(200);
        } finally {
          clock = TEST_NOW;
        }
      });

      it('outside a monthly qualifier: exactly 5 players of the roster on the clan level (15/16, 36, 27)', async () => {
        const captain = fresh();
        const missing =
          'Missing one or more team members before tournament check-in: select exactly 5 players';
        // Another captain's player: captains[0] may be this very captain when this case runs first.
        const stranger = captains.find((c) => c.rosterId !== captain.rosterId)!.playerTags[0]!;
        const cases: [string[] | undefined, string, number, string][] = [
          [undefined, 'CHECK_IN_MEMBERS_MISSING', 15, missing],
          [captain.playerTags.slice(0, 4), 'CHECK_IN_MEMBERS_MISSING', 15, missing],
          [
            [...captain.playerTags.slice(0, 4), stranger],
            'WRONG_MEMBER',
            36,
            `Not on the roster: ${stranger}`,
          ],
          [
            [...captain.playerTags.slice(0, 4), th16Tag(captain)],
            'TH_LEVELS_MISMATCH',
            27,
            `Not on the clan's town hall level: ${th16Tag(captain)}`,
          ],
        ];
        for (const [tags, code, page, detail] of cases) {
          const response = await segmentCheckIn(ctx.app, captain.token, finals, tags);
          const answer = refusal(response);
          expect(answer).toEqual({ status: 400, code, detail });
          expect(response.json().errors[0].source).toEqual({ pointer: '/data/attributes/playerTags' });
          expect(checkInErrorPage(answer.code!)).toBe(page);
        }
        expect(await rosterWrites(ctx.database.db, captain.rosterId)).toEqual({
          checkedIn: false,
          checkins: 0,
          selected: null,
        });
      });

      it('a refusal names every tag at fault, in the order given, comma-separated', async () => {
        const captain = fresh();
        const [first, second] = captains
          .filter((c) => c.rosterId !== captain.rosterId)
          .map((c) => c.playerTags[0]!);
        const th16 = th16Tag(captain);
        const cases: [string[], string, string][] = [
          [
            [...captain.playerTags.slice(0, 3), first!, second!],
            'WRONG_MEMBER',
            `Not on the roster: ${first}, ${second}`,
          ],
          // The clan's one TH16 member named twice: both entries are at fault.
          [
            [...captain.playerTags.slice(0, 3), th16, th16],
            'TH_LEVELS_MISMATCH',
            `Not on the clan's town hall level: ${th16}, ${th16}`,
          ],
        ];
        for (const [tags, code, detail] of cases) {
          const response = await segmentCheckIn(ctx.app, captain.token, finals, tags);
          expect(refusal(response)).toEqual({ status: 400, code, detail });
        }
        expect(await rosterWrites(ctx.database.db, captain.rosterId)).toEqual({
          checkedIn: false,
          checkins: 0,
          selected: null,
        });
      });
    });

    it('only a stage’s entrants check in: outside the field it is ROSTER_NOT_IN_SEGMENT, then the advancement decides', async () => {
      const db = ctx.database.db;
      const de = await stageSegment(db, 'sci-de', {
        monthlyQualifier: true,
        doubleElimination: true,
        checkinsConfig: { enabled: true, openWindow: WINDOW },
      });
      // The last registered locked roster is past the 8 best placed (or first registered) ones a
      // final takes: the captains share one createdAt, so this one is made the last explicitly.
      const outsider = captains[captains.length - 1]!;
      await db
        .update(rosters)
        .set({ createdAt: new Date(TEST_NOW.getTime() + 365 * DAY) })
        .where(eq(rosters.id, outsider.rosterId));
      expect(refusal(await segmentCheckIn(ctx.app, outsider.token, de))).toMatchObject({
        status: 409,
        code: 'ROSTER_NOT_IN_SEGMENT',
        detail: 'Your team has not qualified for this stage',
      });
      expect(await rosterWrites(db, outsider.rosterId)).toEqual({
        checkedIn: false,
        checkins: 0,
        selected: null,
      });
      // Once the advancement placed rosters into the stage, exactly those enter.
      const mqId = (
        await db.select({ id: segments.id }).from(segments).where(eq(segments.slug, 'sci-mq'))
      )[0]!.id;
      const placed = captains[captains.length - 2]!;
      await db.insert(stageOutcomes).values(
        [outsider, placed].map((c, index) => ({
          segmentId: mqId,
          rosterId: c.rosterId,
          rank: index + 1,
          outcome: 'qualified' as const,
          nextSegmentId: de,
          nextSeed: index + 1,
          decidedAt: TEST_NOW,
        })),
      );
      expect((await segmentCheckIn(ctx.app, outsider.token, de)).statusCode).toBe(200);
      const other = captains[captains.length - 3]!;
      expect(refusal(await segmentCheckIn(ctx.app, other.token, de))).toMatchObject({
        status: 409,
        code: 'ROSTER_NOT_IN_SEGMENT',
      });
    });

    it('monthly qualifier: a single confirm answers the roster, checked in', async () => {
      const captain = fresh();
      // Tags are ignored in a monthly qualifier, even a stranger's.
      const response = await segmentCheckIn(ctx.app, captain.token, mq, [captains[0]!.playerTags[0]!]);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        id: captain.rosterId,
        type: 'rosters',
        attributes: { checkedIn: true },
      });
      expect(await rosterWrites(ctx.database.db, captain.rosterId)).toEqual({
        checkedIn: true,
        checkins: 1,
        selected: null,
      });
    });

    it("a captain with a newer roster in another event checks in the roster of the stage's event", async () => {
      const db = ctx.database.db;
      const captain = fresh();
      const { parentId } = await ladderSegment(db);
      const [elsewhere] = await db
        .select({ id: segments.id, eventId: segments.eventId })
        .from(segments)
        .where(and(ne(segments.id, parentId), eq(segments.level, 0)))
        .limit(1);
      const [own] = await db.select().from(rosters).where(eq(rosters.id, captain.rosterId));
      // Same owner, same tree level, created later: only the stage's event tells them apart.
      const [other] = await db
        .insert(rosters)
        .values({
          tenant: own!.tenant,
          eventId: elsewhere!.eventId,
          segmentId: elsewhere!.id,
          name: 'Elsewhere',
          ownerId: own!.ownerId,
          thLevel: own!.thLevel,
          treeLevel: own!.treeLevel,
          joiningKey: `sci-elsewhere-${captain.rosterId}`,
          createdAt: new Date(own!.createdAt.getTime() + DAY),
        })
        .returning({ id: rosters.id });
      const response = await segmentCheckIn(ctx.app, captain.token, mq);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.id).toBe(captain.rosterId);
      expect((await rosterWrites(db, captain.rosterId)).checkedIn).toBe(true);
      expect((await rosterWrites(db, other!.id)).checkedIn).toBe(false);
    });

    it("the captain's player token (the clan service's usual caller) checks the roster in", async () => {
      const captain = fresh();
      const token = await playerToken(ctx.database.db, captain.playerTags[0]!, TEST_NOW, captain.userId);
      const response = await segmentCheckIn(ctx.app, token, mq);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.id).toBe(captain.rosterId);
    });

    itOnPostgres(
      ctx,
      'two concurrent check-ins of one roster: one is accepted, the other refused',
      async () => {
        const captain = fresh();
        const answers = await Promise.all([
          segmentCheckIn(ctx.app, captain.token, mq),
          segmentCheckIn(ctx.app, captain.token, mq),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect(await rosterWrites(ctx.database.db, captain.rosterId)).toEqual({
          checkedIn: true,
          checkins: 1,
          selected: null,
        });
      },
    );

    it('another stage: the 5 named players become the selected players', async () => {
      const captain = fresh();
      const five = [...captain.playerTags].reverse();
      const response = await segmentCheckIn(ctx.app, captain.token, finals, five);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.attributes.checkedIn).toBe(true);
      expect(await rosterWrites(ctx.database.db, captain.rosterId)).toEqual({
        checkedIn: true,
        checkins: 1,
        selected: five,
      });
    });

    describe('role × action', () => {
      let callers: Awaited<ReturnType<typeof createCallers>>;
      /** A roster nobody checks in here: each role's attempt must leave it as it is. */
      let target: Captain;
      beforeAll(async () => {
        callers = await createCallers(ctx);
        target = fresh();
      });
      it.each(ROLES)('%s', async (role: Role) => {
        const response = await segmentCheckIn(ctx.app, callers.tokens[role], mq);
        if (role === 'anonymous') {
          expect(refusal(response)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
        } else if (role === 'captain of another clan') {
          // Only ever their own roster, and theirs is the championship's newest: past the 128 best
          // placed rosters the qualifier takes, so not an entrant of this stage.
          expect(refusal(response)).toMatchObject({ status: 409, code: 'ROSTER_NOT_IN_SEGMENT' });
        } else {
          // Staff have no roster: nobody checks a team in for its captain.
          expect(refusal(response)).toMatchObject({ status: 400, code: 'CHECK_IN_DATA_MISSING' });
        }
        expect(await rosterWrites(ctx.database.db, target.rosterId)).toEqual({
          checkedIn: false,
          checkins: 0,
          selected: null,
        });
      });
      it('the captain of the team', async () => {
        // A team of its own, so the roles' target stays unchecked in whatever order the cases run.
        const captain = fresh();
        expect((await rosterWrites(ctx.database.db, captain.rosterId)).checkedIn).toBe(false);
        expect((await segmentCheckIn(ctx.app, captain.token, mq)).statusCode).toBe(200);
        expect((await rosterWrites(ctx.database.db, captain.rosterId)).checkedIn).toBe(true);
      });
    });
  },
  { deps: { now: () => clock } },
);
