import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { activityLog } from '../src/db/schema/index.js';
import { type Actor, runInUnitOfWork } from '../src/db/unit-of-work.js';
import { describeEachDatabase, TEST_NOW } from './harness.js';

/**
 * The one unit of work (db/unit-of-work.ts, docs/architecture.md): the activity-log row of a change
 * is written in the change's own transaction (it commits and rolls back with it), and after-commit
 * effects run only once the transaction committed, never on a rollback, once for a retried attempt.
 */
describeEachDatabase('one unit of work: change, activity-log row and after-commit effects', (ctx) => {
  const actor: Actor = { userId: null, ipAddress: '203.0.113.9' };
  const deps = () => ({ db: ctx.database.db, now: () => TEST_NOW });
  const rowsOf = (action: string) =>
    ctx.database.db.select().from(activityLog).where(eq(activityLog.action, action));

  it('writes the row in the transaction of the change: same backend transaction, committed together', async () => {
    const action = `uow commit ${randomUUID()}`;
    const effects: string[] = [];
    let seenInside: number | null = null;
    const txid = await runInUnitOfWork(deps(), actor, async (tx, uow) => {
      const current = (await tx.execute(sql`select txid_current()::text as id`)) as unknown as {
        rows: { id: string }[];
      };
      const id = current.rows[0]!.id;
      await uow.record({ action, targetType: 'test', targetId: id, after: { ok: true } });
      uow.afterCommit(() => effects.push('sent'));
      // Inside the transaction the row exists; the effect has not run yet.
      seenInside = (await tx.select().from(activityLog).where(eq(activityLog.action, action))).length;
      expect(effects).toEqual([]);
      return id;
    });
    expect(seenInside).toBe(1);
    const rows = await rowsOf(action);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      at: TEST_NOW,
      ipAddress: '203.0.113.9',
      targetId: txid,
      after: { ok: true },
    });
    expect(effects).toEqual(['sent']);
  });

  it('a failure after the row rolls the change and its row back; no after-commit effect runs', async () => {
    const action = `uow rollback ${randomUUID()}`;
    const effects: string[] = [];
    let recorded = false;
    const failing = runInUnitOfWork(
      deps(),
      { ...actor, onRecorded: () => (recorded = true) },
      async (_tx, uow) => {
        await uow.record({ action, targetType: 'test', targetId: 'x' });
        uow.afterCommit(() => effects.push('sent'));
        throw new Error('refused after the row was written');
      },
    );
    await expect(failing).rejects.toThrow('refused after the row was written');
    expect(recorded).toBe(true);
    expect(await rowsOf(action)).toEqual([]);
    expect(effects).toEqual([]);
  });

  it('a retried attempt runs only the committed attempt’s effects and keeps only its row', async () => {
    const action = `uow retry ${randomUUID()}`;
    const effects: number[] = [];
    let attempt = 0;
    await runInUnitOfWork(deps(), actor, async (_tx, uow) => {
      attempt += 1;
      await uow.record({ action, targetType: 'test', targetId: String(attempt) });
      uow.afterCommit(() => effects.push(attempt));
      // A serialization failure: db.transaction (transaction-retry.ts) runs the work again.
      if (attempt === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(attempt).toBe(2);
    expect(effects).toEqual([2]);
    expect((await rowsOf(action)).map((r) => r.targetId)).toEqual(['2']);
  });

  it('a failing effect after the commit is logged and does not undo the committed change', async () => {
    const action = `uow effect ${randomUUID()}`;
    const logged: unknown[] = [];
    const later: string[] = [];
    const result = await runInUnitOfWork(
      { ...deps(), log: { error: (obj: unknown) => logged.push(obj) } },
      actor,
      async (_tx, uow) => {
        await uow.record({ action, targetType: 'test', targetId: 'y' });
        uow.afterCommit(() => {
          throw new Error('socket down');
        });
        uow.afterCommit(() => later.push('still sent'));
        return 'done';
      },
    );
    expect(result).toBe('done');
    expect(await rowsOf(action)).toHaveLength(1);
    expect(logged).toHaveLength(1);
    expect(later).toEqual(['still sent']);
  });
});
