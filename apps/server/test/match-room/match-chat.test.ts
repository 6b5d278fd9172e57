import { API, type ChatMessageResource, MATCH_CHAT_MAX_LENGTH } from '@cwh/contract';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/admin.js';
import { games } from '../../src/db/schema/games.js';
import { matchSeries } from '../../src/db/schema/ladder.js';
import { matchChatMessages } from '../../src/db/schema/match-chat.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { teams } from '../../src/db/schema/user-contacts.js';
import { matchRoomNoticePoster } from '../../src/features/match-room/register-match-chat.js';
import { createRateLimiter } from '../../src/http/rate-limit.js';
import { systemNoticeUpdates } from '../../src/realtime/match-room-notices.js';
import { type Callers, call, createCallers, ROLES } from '../admin/admin-fixtures.js';
import { MINUTE, matchCheckIn, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase, loginAsAdmin, TEST_NOW } from '../harness.js';
import {
  type Captain,
  createCaptains,
  createUserWithToken,
  ladderSegment,
} from '../ladder/ladder-fixtures.js';

const NOT_FOUND = { status: 404, code: 'NOT_FOUND' };
const INVALID = { status: 400, code: 'VALIDATION_FAILED' };

/** The match chat (spec 7 `GET /history`, #13): every call and refusal, the role table, notices. */
const C = API.chat;
let clock = TEST_NOW;
let ticks = 0;
// Match check-in opens 5 minutes before the match: the series start 3 minutes after the test clock.
const START = new Date(TEST_NOW.getTime() + 3 * MINUTE);
const UNKNOWN = '00000000-0000-4000-8000-000000000001';

function refusal(response: LightMyRequestResponse) {
  const error = response.json().errors?.[0] as { code: string } | undefined;
  return { status: response.statusCode, code: error?.code ?? null };
}

/** The table's callers plus the room's own: a captain of the series, a team leader, another match's captain. */
const TABLE = [...ROLES, 'captain of another match', 'captain', 'team leader'] as const;
type TableRole = (typeof TABLE)[number];
const MEMBERS: readonly TableRole[] = ['captain', 'team leader', 'organizer', 'admin'];
const MODERATORS: readonly TableRole[] = ['organizer', 'admin'];
const expected = (role: TableRole, allowed: readonly TableRole[], ok: number) =>
  role === 'anonymous' ? 401 : allowed.includes(role) ? ok : 403;

describeEachDatabase(
  'match chat',
  (ctx) => {
    let admin = '';
    let callers: Callers;
    let captains: Captain[] = [];
    let leader = { userId: '', token: '' };
    let stages = 0;
    let limiters = 0;
    let room = { id: '', home: null as unknown as Captain, away: null as unknown as Captain };
    let other = { id: '', home: null as unknown as Captain, away: null as unknown as Captain };

    const db = () => ctx.database.db;
    async function newSeries(pair: [Captain, Captain]) {
      stages++;
      const segmentId = await stageSegment(db(), `chat-${stages}`, { monthlyQualifier: false });
      return { ...(await stageSeries(ctx.app, admin, segmentId, pair, START)), segmentId };
    }
    const tokenOf = (role: TableRole): string | null => {
      if (role === 'captain') return room.home.token;
      if (role === 'team leader') return leader.token;
      if (role === 'captain of another match') return other.home.token;
      return callers.tokens[role];
    };
    const history = (token: string | null, seriesId: string, query = '') =>
      call(ctx.app, token, 'GET', `${C}/history?filter[matchSeries.id]=${seriesId}${query}`);
    const send = (token: string | null, matchSeriesId: string, body: unknown) =>
      call(ctx.app, token, 'POST', `${C}/history`, { matchSeriesId, body });
    const remove = (token: string | null, id: string) => call(ctx.app, token, 'DELETE', `${C}/history/${id}`);
    const writes = async () => {
      const [messages] = await db().select({ n: count() }).from(matchChatMessages);
      const [removed] = await db()
        .select({ n: count() })
        .from(activityLog)
        .where(eq(activityLog.action, 'match-chat.message.delete'));
      return { messages: messages!.n, removed: removed!.n };
    };

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(db());
      captains = await createCaptains(db(), {
        count: 8,
        offset: 8950,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      });
      admin = (await loginAsAdmin(ctx.app)).token.value;
      callers = await createCallers(ctx);
      room = await newSeries([captains[0]!, captains[1]!]);
      other = await newSeries([captains[2]!, captains[3]!]);
      // The home roster plays for a team: its owner is a leader of the room.
      leader = await createUserWithToken(db(), 'team-leader@chat.test', TEST_NOW);
      const [game] = await db().select({ id: games.id }).from(games).limit(1);
      const [team] = await db()
        .insert(teams)
        .values({
          tenant: 'global',
          name: 'Chat Leaders',
          gameId: game!.id,
          ownerId: leader.userId,
          createdAt: TEST_NOW,
        })
        .returning({ id: teams.id });
      await db().update(rosters).set({ teamId: team!.id }).where(eq(rosters.id, room.home.rosterId));
    });
    beforeEach(() => {
      clock = TEST_NOW;
      // A fresh rate window for every test (the rate test sets its own).
      ctx.app.matchChat.deps.rate.limiter = createRateLimiter({
        name: `chat-test-${limiters++}`,
        windowMs: 60_000,
        redis: null,
      });
    });

    describe('role × action', () => {
      it.each(TABLE)('%s: read the history', async (role) => {
        const response = await history(tokenOf(role), room.id);
        expect(response.statusCode).toBe(expected(role, MEMBERS, 200));
        if (response.statusCode === 200) {
          expect(response.json().meta.room.canModerate).toBe(MODERATORS.includes(role));
        }
      });

      it.each(TABLE)('%s: send a message', async (role) => {
        const before = await writes();
        const response = await send(tokenOf(role), room.id, `hello from ${role}`);
        const status = expected(role, MEMBERS, 201);
        expect(response.statusCode).toBe(status);
        expect((await writes()).messages).toBe(before.messages + (status === 201 ? 1 : 0));
        if (status === 201) {
          const roles: Record<string, string> = {
            captain: 'captain',
            'team leader': 'leader',
            organizer: 'organizer',
            admin: 'admin',
          };
          expect(response.json().data.attributes).toMatchObject({
            matchSeriesId: room.id,
            kind: 'user',
            body: `hello from ${role}`,
            deleted: false,
            notice: null,
            author: { role: roles[role] },
          });
        }
      });

      it.each(TABLE)('%s: delete a message', async (role) => {
        const posted = await send(room.away.token, room.id, `to be removed by ${role}`);
        expect(posted.statusCode).toBe(201);
        const before = await writes();
        const response = await remove(tokenOf(role), posted.json().data.id);
        const status = expected(role, MODERATORS, 200);
        expect(response.statusCode).toBe(status);
        expect((await writes()).removed).toBe(before.removed + (status === 200 ? 1 : 0));
      });
    });

    describe('history', () => {
      it('newest first, paged back with page[before] until hasMore is false', async () => {
        const series = await newSeries([captains[4]!, captains[5]!]);
        ctx.app.matchChat.deps.rate.limit = 100;
        try {
          for (let i = 1; i <= 7; i++) {
            clock = new Date(TEST_NOW.getTime() + i * 1000);
            const side = i % 2 ? series.home : series.away;
            expect((await send(side.token, series.id, `m${i}`)).statusCode).toBe(201);
          }
        } finally {
          ctx.app.matchChat.deps.rate.limit = 5;
        }
        const bodies = (r: LightMyRequestResponse) =>
          (r.json().data as ChatMessageResource[]).map((m) => m.attributes.body);
        const first = await history(series.away.token, series.id, '&page[size]=3');
        expect(bodies(first)).toEqual(['m7', 'm6', 'm5']);
        expect(first.json().meta.page).toEqual({ size: 3, hasMore: true });
        const last = first.json().data[2].id;
        const second = await history(series.away.token, series.id, `&page[size]=3&page[before]=${last}`);
        expect(bodies(second)).toEqual(['m4', 'm3', 'm2']);
        const third = await history(
          series.away.token,
          series.id,
          `&page[size]=3&page[before]=${second.json().data[2].id}`,
        );
        expect(bodies(third)).toEqual(['m1']);
        expect(third.json().meta.page).toEqual({ size: 3, hasMore: false });
        // A cursor from another room is refused.
        expect(refusal(await history(series.away.token, series.id, `&page[before]=${UNKNOWN}`))).toEqual(
          INVALID,
        );
      });

      it('refusals: unknown or malformed series, bad page size, a deleted series', async () => {
        const token = room.home.token;
        expect(refusal(await history(token, UNKNOWN))).toEqual(NOT_FOUND);
        expect(refusal(await history(token, 'nope'))).toEqual(INVALID);
        expect(refusal(await history(token, room.id, '&page[size]=101'))).toEqual(INVALID);
        expect(refusal(await call(ctx.app, token, 'GET', `${C}/history`))).toEqual(INVALID);
        const series = await newSeries([captains[6]!, captains[7]!]);
        await db().update(matchSeries).set({ deletedAt: TEST_NOW }).where(eq(matchSeries.id, series.id));
        expect(refusal(await history(series.home.token, series.id))).toEqual(NOT_FOUND);
        expect(refusal(await send(series.home.token, series.id, 'hi'))).toEqual(NOT_FOUND);
      });
    });

    describe('a system notice written', () => {
      const notices = async (seriesId: string) =>
        (
          await db()
            .select({ kind: matchChatMessages.kind, notice: matchChatMessages.notice })
            .from(matchChatMessages)
            .where(eq(matchChatMessages.matchSeriesId, seriesId))
        ).filter((m) => m.notice?.type === 'war_started');
      const started = (matchSeriesId: string) =>
        systemNoticeUpdates(
          matchRoomNoticePoster(ctx.app.matchChat.deps),
          { matchSeriesId, type: 'war_started' },
          db(),
        );

      it('written with the room read in one statement: pushed to captains, leader and organizers; nothing for a deleted or unknown series', async () => {
        const series = await newSeries([captains[4]!, captains[5]!]);
        const updates = await started(series.id);
        expect(await notices(series.id)).toEqual([
          { kind: 'system', notice: { type: 'war_started', params: {} } },
        ]);
        const told = updates.map((u) => u.userId);
        expect(told).toEqual(expect.arrayContaining([series.home.userId, series.away.userId]));
        for (const update of updates) {
          expect(update.data).toMatchObject({
            matchSeries: { id: series.id },
            message: {
              type: 'chat-messages',
              attributes: { kind: 'system', notice: { type: 'war_started', params: {} }, author: null },
            },
          });
        }
        const [written] = await db()
          .select({ id: matchChatMessages.id })
          .from(matchChatMessages)
          .where(eq(matchChatMessages.matchSeriesId, series.id));
        expect(updates[0]!.data.message.id).toBe(written!.id);

        await db().update(matchSeries).set({ deletedAt: TEST_NOW }).where(eq(matchSeries.id, series.id));
        expect(await started(series.id)).toEqual([]);
        expect(await notices(series.id)).toHaveLength(1);
        expect(await started(UNKNOWN)).toEqual([]);
        expect(await notices(UNKNOWN)).toEqual([]);
      });
    });

    describe('sending', () => {
      it('text only, trimmed, capped at MATCH_CHAT_MAX_LENGTH; a refusal writes nothing', async () => {
        const before = await writes();
        const refused = [
          '',
          '   \n ',
          'x'.repeat(MATCH_CHAT_MAX_LENGTH + 1),
          'a\u0000b',
          'bell\u0007',
          'esc\u001b[31m',
          42,
        ];
        for (const body of refused) {
          expect(refusal(await send(room.home.token, room.id, body))).toEqual(INVALID);
        }
        expect(refusal(await send(room.home.token, 'nope', 'hi'))).toEqual(INVALID);
        expect(refusal(await send(room.home.token, UNKNOWN, 'hi'))).toEqual(NOT_FOUND);
        expect(await writes()).toEqual(before);
        const longest = await send(room.home.token, room.id, ` ${'y'.repeat(MATCH_CHAT_MAX_LENGTH)} `);
        expect(longest.statusCode).toBe(201);
        expect(longest.json().data.attributes.body).toBe('y'.repeat(MATCH_CHAT_MAX_LENGTH));
        // Markup is stored and answered as the text it is (the web renders text, never HTML).
        const markup = await send(room.home.token, room.id, '<b>gg</b>\r\nline two\ttab');
        expect(markup.json().data.attributes.body).toBe('<b>gg</b>\nline two\ttab');
      });

      it('rate-limited per user: the sixth message in the window is refused (429), the other captain still writes', async () => {
        const before = await writes();
        for (let i = 0; i < 5; i++)
          expect((await send(room.home.token, room.id, `fast ${i}`)).statusCode).toBe(201);
        const sixth = await send(room.home.token, room.id, 'too fast');
        expect(refusal(sixth)).toEqual({ status: 429, code: 'RATE_LIMITED' });
        expect(sixth.json().errors[0].meta.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect((await writes()).messages).toBe(before.messages + 5);
        expect((await send(room.away.token, room.id, 'my turn')).statusCode).toBe(201);
        // A stranger's refused attempts take no points from the window.
        expect((await send(other.home.token, room.id, 'not mine')).statusCode).toBe(403);
      });
    });

    describe('moderation', () => {
      it('soft delete: shown as removed, body gone, logged in the activity log in the same call', async () => {
        const posted = await send(room.away.token, room.id, 'rude words');
        const id = posted.json().data.id as string;
        const removed = await remove(callers.tokens.organizer, id);
        expect(removed.statusCode).toBe(200);
        expect(removed.json().data.attributes).toMatchObject({ deleted: true, body: null });
        const page = await history(room.home.token, room.id, '&page[size]=100');
        const seen = (page.json().data as ChatMessageResource[]).find((m) => m.id === id)!;
        expect(seen.attributes).toMatchObject({ deleted: true, body: null, kind: 'user' });
        const [entry] = await db()
          .select()
          .from(activityLog)
          .where(and(eq(activityLog.action, 'match-chat.message.delete'), eq(activityLog.targetId, id)));
        expect(entry).toMatchObject({
          userId: callers.ids.organizer,
          targetType: 'chat-messages',
          eventId: callers.eventId,
          before: { body: 'rude words', matchSeriesId: room.id },
        });
        const [row] = await db().select().from(matchChatMessages).where(eq(matchChatMessages.id, id));
        expect(row!.deletedBy).toBe(callers.ids.organizer);
        // Twice: refused, nothing more written.
        const before = await writes();
        expect(refusal(await remove(callers.tokens.admin, id))).toEqual({ status: 409, code: 'CONFLICT' });
        expect(refusal(await remove(callers.tokens.admin, UNKNOWN))).toEqual(NOT_FOUND);
        expect(refusal(await remove(callers.tokens.admin, 'nope'))).toEqual(INVALID);
        expect(await writes()).toEqual(before);
      });
    });

    describe('system notices', () => {
      it('check-in, pick and ban steps, war started, result recorded: in the room, in order; a notice cannot be removed', async () => {
        const P = API.pickban;
        const [home, away] = [captains[6]!, captains[7]!];
        const organizer = callers.tokens.organizer!;
        const category = await call(ctx.app, organizer, 'POST', `${P}/categories`, {
          eventId: callers.eventId,
          name: 'Chat rules',
        });
        const categoryId = category.json().data.id as string;
        const items: string[] = [];
        for (let i = 1; i <= 2; i++) {
          const item = await call(ctx.app, organizer, 'POST', `${P}/items`, {
            categoryId,
            name: `C${i}`,
            sortOrder: i,
          });
          items.push(item.json().data.id);
        }
        stages++;
        const segmentId = await stageSegment(db(), `chat-notices-${stages}`, { monthlyQualifier: false });
        const veto = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
          categoryId,
          steps: [{ action: 'ban', count: 1 }],
          starter: 'home',
        });
        expect(veto.statusCode).toBe(200);
        // One second per step: the room is ordered by time.
        const tick = (s: number) => {
          clock = new Date(TEST_NOW.getTime() + s * 1000);
        };
        tick(1);
        const series = await stageSeries(ctx.app, admin, segmentId, [home, away], START);
        await ctx.app.matchChat.settled();
        tick(2);
        const challenge = (
          await call(ctx.app, series.home.token, 'GET', `${P}/challenges?filter[matchSeries.id]=${series.id}`)
        ).json().data[0];
        const voted = await call(ctx.app, series.home.token, 'POST', `${P}/challenges/${challenge.id}/vote`, {
          banned: [items[0]],
        });
        expect(voted.statusCode).toBe(200);
        await ctx.app.matchChat.settled();
        tick(3);
        expect((await matchCheckIn(ctx.app, series.home.token, series.id)).statusCode).toBe(200);
        tick(4);
        // The second check-in answers the war link: the simulated war is created (war started).
        expect((await matchCheckIn(ctx.app, series.away.token, series.id)).statusCode).toBe(200);
        tick(5);
        const result = await call(
          ctx.app,
          admin,
          'PATCH',
          `${API.tournaments}/match-series/${series.id}/relationships/matches/results`,
          { reason: 'organizer result', homeStars: 9, awayStars: 3 },
        );
        expect(result.statusCode).toBe(200);
        const page = await history(series.away.token, series.id, '&page[size]=100');
        const notices = (page.json().data as ChatMessageResource[]).reverse().map((m) => ({
          kind: m.attributes.kind,
          author: m.attributes.author,
          notice: m.attributes.notice,
        }));
        const homeName = (await db().select().from(rosters).where(eq(rosters.id, series.home.rosterId)))[0]!
          .name;
        const awayName = (await db().select().from(rosters).where(eq(rosters.id, series.away.rosterId)))[0]!
          .name;
        expect(notices).toEqual([
          {
            kind: 'system',
            author: null,
            notice: {
              type: 'pickban_step',
              params: { step: null, action: null, side: null, auto: null, status: 'open' },
            },
          },
          {
            kind: 'system',
            author: null,
            notice: {
              type: 'pickban_step',
              params: { step: 1, action: 'ban', side: 'home', auto: 0, status: 'closed' },
            },
          },
          { kind: 'system', author: null, notice: { type: 'check_in', params: { team: homeName } } },
          { kind: 'system', author: null, notice: { type: 'check_in', params: { team: awayName } } },
          { kind: 'system', author: null, notice: { type: 'war_started', params: {} } },
          {
            kind: 'system',
            author: null,
            notice: { type: 'result_recorded', params: { homeStars: 9, awayStars: 3 } },
          },
        ]);
        const first = page.json().data.at(-1).id as string;
        expect(refusal(await remove(admin, first))).toEqual({ status: 409, code: 'CONFLICT' });
      });
    });
  },
  // The clock moves on by a millisecond per reading, so what happens in one call keeps its order.
  { deps: { now: () => new Date(clock.getTime() + ticks++) } },
);
