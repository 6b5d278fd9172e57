import { NOTICE_CREATED_EVENT } from '@cwh/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { notices, users } from '../../src/db/schema/index.js';
import { createUserRepository } from '../../src/features/auth/user-repository.js';
import { call, createCallers, U } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';

/*
 * Support suspends an account: its user gets `account_suspended` in their notice log, written in
 * the suspension's transaction (a refused notice leaves the account active) and delivered live;
 * suspending again with another reason, or lifting it, tells nothing.
 */

const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

describeEachDatabase('account notices', (ctx) => {
  let support = '';
  let userId = '';
  const logOf = async () =>
    (await ctx.database.db.select().from(notices).where(eq(notices.userId, userId))).map((r) => [
      r.type,
      r.link,
    ]);
  const suspendedAt = async () =>
    (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!.suspendedAt;
  const suspend = (reason: string) =>
    call(ctx.app, support, 'POST', `${U}/users/${userId}/suspend`, { reason });

  beforeAll(async () => {
    support = (await createCallers(ctx)).tokens.support!;
    const row = await createUserRepository(ctx.database.db).insert({
      email: 'suspended@users.test',
      passwordHash: 'x',
      username: 'suspended',
      permissions: [],
    });
    userId = row.id;
  });
  beforeEach(() => {
    sent.length = 0;
  });

  it('a suspension whose notice cannot be written is refused whole: the account stays active', async () => {
    const db = ctx.database.db;
    await db.execute(sql`create or replace function refuse_notice() returns trigger language plpgsql as
      $$ begin raise exception 'notice refused'; end $$`);
    await db.execute(sql`create trigger refuse_notice before insert on notices
      for each row execute function refuse_notice()`);
    try {
      expect((await suspend('Win trading')).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_notice on notices`);
    }
    expect(await suspendedAt()).toBeNull();
    expect(await logOf()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('the suspended user is told, in their log and live', async () => {
    const response = await suspend('Win trading');
    expect(response.statusCode, response.body).toBe(200);
    expect(await suspendedAt()).not.toBeNull();
    expect(await logOf()).toEqual([['account_suspended', '/']]);
    expect(sent.map((s) => [s.userId, s.event])).toEqual([[userId, NOTICE_CREATED_EVENT]]);
    expect(JSON.stringify(sent[0]!.data)).not.toContain('Win trading');
  });

  it('a new reason on a suspended account, and lifting it, tell nothing more', async () => {
    expect((await suspend('Alias abuse')).statusCode).toBe(200);
    expect((await call(ctx.app, support, 'POST', `${U}/users/${userId}/unsuspend`)).statusCode).toBe(200);
    expect(await logOf()).toEqual([['account_suspended', '/']]);
    expect(sent).toEqual([]);
  });
});
