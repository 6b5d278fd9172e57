import { API, NOTICE_CREATED_EVENT } from '@cwh/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { notices } from '../../src/db/schema/index.js';
import { call } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { clanless, createHubUser, T, topSegmentId } from '../players/players-helpers.js';

/*
 * The owner of a roster that is not a clan's invites a player: the invited player gets
 * `team_invitation` in their notice log (to My Team, where it is answered), written in the
 * invitation's transaction and delivered live; an invitation repeated tells nothing new.
 */

const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const R = `${API.tournaments}/rosters`;

describeEachDatabase('team invitation notices', (ctx) => {
  const users: Record<string, { token: string; userId: string }> = {};
  let rosterId = '';
  const noticesOf = (tag: string) =>
    ctx.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, users[tag]!.userId), eq(notices.type, 'team_invitation')));
  const invite = (tag: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${R}/${rosterId}/relationships/players`,
      headers: {
        'content-type': 'application/vnd.api+json',
        authorization: `Bearer ${users[clanless]!.token}`,
      },
      payload: { data: [{ type: 'players', id: tag }] },
    });
  const openInvitations = async (tag: string) =>
    (await call(ctx.app, users[tag]!.token, 'GET', `${R}/invitations`)).json().data as unknown[];

  beforeAll(async () => {
    for (const tag of [clanless, T.elder]) users[tag] = await createHubUser(ctx.app, tag);
    const segmentId = await topSegmentId(ctx.app);
    const created = await call(ctx.app, users[clanless]!.token, 'POST', R, { name: 'Wanderers', segmentId });
    expect(created.statusCode, created.body).toBe(201);
    rosterId = created.json().data.id;
  });
  beforeEach(() => {
    sent.length = 0;
  });

  it('an invitation whose notice cannot be written is refused whole: no invitation is open', async () => {
    const db = ctx.database.db;
    await db.execute(sql`create or replace function refuse_notice() returns trigger language plpgsql as
      $$ begin raise exception 'notice refused'; end $$`);
    await db.execute(sql`create trigger refuse_notice before insert on notices
      for each row execute function refuse_notice()`);
    try {
      expect((await invite(T.elder)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_notice on notices`);
    }
    expect(await openInvitations(T.elder)).toEqual([]);
    expect(await noticesOf(T.elder)).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('the invited player is told, in their log (to My Team) and live; the owner is not', async () => {
    const response = await invite(T.elder);
    expect(response.statusCode, response.body).toBe(200);
    expect(await openInvitations(T.elder)).toHaveLength(1);
    const rows = await noticesOf(T.elder);
    expect(rows.map((r) => [r.link, r.params, r.readAt])).toEqual([
      ['/my-clan', { team: 'Wanderers' }, null],
    ]);
    expect(sent.map((s) => [s.userId, s.event])).toEqual([[users[T.elder]!.userId, NOTICE_CREATED_EVENT]]);
    expect(await noticesOf(clanless)).toEqual([]);
  });

  it('inviting the same player again opens nothing and tells nothing', async () => {
    expect((await invite(T.elder)).statusCode).toBe(200);
    expect(await noticesOf(T.elder)).toHaveLength(1);
    expect(sent).toEqual([]);
  });
});
