import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../src/db/schema/index.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../src/db/unit-of-work.js';
import type { NoticeDraft } from '../../src/features/notices/notice-log.js';
import { type Callers, createCallers, ROLES, type Role } from '../admin/admin-fixtures.js';
import { bearer, describeEachDatabase, TEST_NOW } from '../harness.js';

/*
 * The notice log's calls (notices-routes.ts): the caller's own notices, newest first, the unread
 * count, marking one or all read; and the log itself: rows written in the change's transaction,
 * handed to the channels only after it committed.
 */
const U = API.users;
const UNKNOWN = '00000000-0000-4000-8000-000000000001';

describeEachDatabase('notice log', (ctx) => {
  let callers: Callers;
  beforeAll(async () => {
    callers = await createCallers(ctx);
  });

  const call = (token: string | null, method: 'GET' | 'POST', url: string) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {} });
  /** Writes notices for a user in a unit of work of their own, `minutes` after the test clock. */
  async function write(userId: string, types: NoticeDraft['type'][], minutes = 0) {
    const at = new Date(TEST_NOW.getTime() + minutes * 60_000);
    const drafts = types.map((type) => ({ tenant: 'global', userId, type, link: '/competition' }));
    return runInUnitOfWork({ db: ctx.database.db, now: () => at }, SYSTEM_ACTOR, (_tx, uow) =>
      ctx.app.noticeLog.notify(uow, drafts, at),
    );
  }
  const clear = (userId: string) => ctx.database.db.delete(notices).where(eq(notices.userId, userId));

  it('lists the caller’s own notices newest first, paged, with the unread count of all pages', async () => {
    const userId = callers.ids.player;
    await clear(userId);
    await write(userId, ['match_found'], 1);
    await write(userId, ['match_accepted'], 2);
    await write(userId, ['result_recorded'], 3);
    await write(callers.ids.support, ['match_found'], 4);
    const first = await call(callers.tokens.player, 'GET', `${U}/user/notices?page[size]=2`);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.data.map((n: { attributes: { kind: string } }) => n.attributes.kind)).toEqual([
      'result_recorded',
      'match_accepted',
    ]);
    expect(body.data[0].attributes).toMatchObject({
      link: '/competition',
      textKey: 'types.result_recorded',
      params: {},
      readAt: null,
    });
    expect(body.meta).toEqual({ page: { number: 1, size: 2, total: 3, totalPages: 2 }, unreadCount: 3 });
    const second = (
      await call(callers.tokens.player, 'GET', `${U}/user/notices?page[size]=2&page[number]=2`)
    ).json();
    expect(second.data.map((n: { attributes: { kind: string } }) => n.attributes.kind)).toEqual([
      'match_found',
    ]);
  });

  it('refuses bad input with the spec’s codes', async () => {
    const tooBig = await call(callers.tokens.player, 'GET', `${U}/user/notices?page[size]=51`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].code).toBe('VALIDATION_FAILED');
    const notAnId = await call(callers.tokens.player, 'POST', `${U}/user/notices/42/read`);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().errors[0].code).toBe('VALIDATION_FAILED');
    const unknown = await call(callers.tokens.player, 'POST', `${U}/user/notices/${UNKNOWN}/read`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('NOT_FOUND');
    expect((await call(null, 'GET', `${U}/user/notices`)).statusCode).toBe(401);
  });

  it('marking one read keeps it read and lowers the unread count; marking all reads the rest', async () => {
    const userId = callers.ids.player;
    await clear(userId);
    const [a] = await write(userId, ['match_found']);
    await write(userId, ['match_declined', 'match_expired'], 1);
    const one = await call(callers.tokens.player, 'POST', `${U}/user/notices/${a!.id}/read`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.attributes.readAt).not.toBeNull();
    expect(one.json().meta).toEqual({ unreadCount: 2 });
    // Again: still read, same count (no error).
    const again = await call(callers.tokens.player, 'POST', `${U}/user/notices/${a!.id}/read`);
    expect(again.json().meta).toEqual({ unreadCount: 2 });
    const all = await call(callers.tokens.player, 'POST', `${U}/user/notices/read-all`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toEqual({ marked: 2, unreadCount: 0 });
    const list = (await call(callers.tokens.player, 'GET', `${U}/user/notices`)).json();
    expect(list.meta.unreadCount).toBe(0);
  });

  it('writes in the unit’s transaction: a rolled-back change leaves no notice and delivers nothing', async () => {
    const userId = callers.ids.player;
    await clear(userId);
    const delivered: string[] = [];
    const remove = ctx.app.noticeLog.addChannel((rows) => delivered.push(...rows.map((r) => r.type)));
    try {
      const failing = runInUnitOfWork(
        { db: ctx.database.db, now: () => TEST_NOW },
        SYSTEM_ACTOR,
        async (_tx, uow) => {
          await ctx.app.noticeLog.notify(
            uow,
            [{ tenant: 'global', userId, type: 'match_found', link: '/' }],
            TEST_NOW,
          );
          throw new Error('the change fails after its notice was written');
        },
      );
      await expect(failing).rejects.toThrow('the change fails');
      expect(await ctx.database.db.select().from(notices).where(eq(notices.userId, userId))).toEqual([]);
      expect(delivered).toEqual([]);
      await write(userId, ['match_found']);
      expect(delivered).toEqual(['match_found']);
    } finally {
      remove();
    }
  });

  describe('role × action', () => {
    /** Everyone may act on their own log only: the player's notice is not found for anyone else. */
    const expected: Record<Role, { read: number; readAll: number }> = {
      anonymous: { read: 401, readAll: 401 },
      player: { read: 200, readAll: 200 },
      'captain of another clan': { read: 404, readAll: 200 },
      support: { read: 404, readAll: 200 },
      'organizer of another event': { read: 404, readAll: 200 },
      organizer: { read: 404, readAll: 200 },
      admin: { read: 404, readAll: 200 },
    };
    for (const role of ROLES) {
      it(`${role}: POST /user/notices/{player's notice}/read → ${expected[role].read}, read-all → ${expected[role].readAll}`, async () => {
        const userId = callers.ids.player;
        await clear(userId);
        const [mine] = await write(userId, ['match_found']);
        const token = callers.tokens[role];
        const read = await call(token, 'POST', `${U}/user/notices/${mine!.id}/read`);
        expect(read.statusCode, read.body).toBe(expected[role].read);
        const readAll = await call(token, 'POST', `${U}/user/notices/read-all`);
        expect(readAll.statusCode, readAll.body).toBe(expected[role].readAll);
        // Only the player's own calls may touch the player's notice.
        const [row] = await ctx.database.db.select().from(notices).where(eq(notices.id, mine!.id));
        expect(row!.readAt !== null).toBe(role === 'player');
      });
    }
  });
});
