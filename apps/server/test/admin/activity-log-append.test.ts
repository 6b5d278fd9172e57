import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/index.js';
import { createActivityLogRepository } from '../../src/features/activity-log/activity-log-repository.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';

/**
 * `appendMany` sends its rows as one JSON parameter (one statement text for any batch): every column
 * must come back as written, the JSON documents with their types, the ids given or made.
 */
describeEachDatabase('activity log: several entries in one insert', (ctx) => {
  it('writes every column of every entry as given, in one statement', async () => {
    const repo = createActivityLogRepository(ctx.database.db);
    const action = `test append ${randomUUID()}`;
    const givenId = randomUUID();
    const userId = randomUUID();
    const eventId = randomUUID();
    const later = new Date(TEST_NOW.getTime() + 1234);
    const first = {
      id: givenId,
      at: TEST_NOW,
      userId,
      ipAddress: '203.0.113.7',
      action,
      targetType: 'roster',
      targetId: 'r-1',
      eventId,
      before: { name: 'Old', tags: ['#A', '#B'], count: 2, ok: true, nested: { x: null } },
      after: 'renamed',
    };
    await repo.appendMany([
      first,
      {
        at: later,
        userId: null,
        ipAddress: '::1',
        action,
        targetType: 'event',
        targetId: 'it\'s "quoted" ✓',
        eventId: null,
        before: null,
        after: [1, 'two', { three: 3 }],
      },
    ]);
    const rows = await ctx.database.db.select().from(activityLog).where(eq(activityLog.action, action));
    expect(rows).toHaveLength(2);
    const second = rows.find((r) => r.targetType === 'event')!;
    // Every column, as written.
    expect(rows.find((r) => r.targetType === 'roster')).toEqual(first);
    expect(second).toMatchObject({
      at: later,
      userId: null,
      ipAddress: '::1',
      targetId: 'it\'s "quoted" ✓',
      eventId: null,
      before: null,
      after: [1, 'two', { three: 3 }],
    });
    // An id the database made (a uuid other than the one given for the first row).
    expect(second.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.id).not.toBe(givenId);
  });

  it('an empty batch writes nothing; a failing batch writes none of its entries', async () => {
    const repo = createActivityLogRepository(ctx.database.db);
    const action = `test append ${randomUUID()}`;
    await repo.appendMany([]);
    const duplicate = randomUUID();
    const entry = (id: string) => ({
      id,
      at: TEST_NOW,
      ipAddress: '::1',
      action,
      targetType: 'event',
      targetId: 'x',
    });
    // The second row repeats the first one's id: the primary key refuses the statement, all of it.
    await expect(
      repo.appendMany([entry(duplicate), entry(randomUUID()), entry(duplicate)]),
    ).rejects.toThrow();
    const rows = await ctx.database.db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(inArray(activityLog.action, [action]));
    expect(rows).toEqual([]);
  });
});
