import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { segmentVetoes } from '../../src/db/schema/pickban.js';
import { segments } from '../../src/db/schema/segments.js';
import { seedDemoPickban } from '../../src/seed/demo-pickban-seed.js';
import { call } from '../admin/admin-fixtures.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';

/** The demo's pick and ban (war rules per current event, a veto on their stage segments), idempotent. */
describeEachDatabase('demo pick and ban seed', (ctx) => {
  it('seeds categories, items and vetoes once; a second run rewrites the vetoes only', async () => {
    const db = ctx.database.db;
    expect(await seedDemoPickban(db, { now: TEST_NOW })).toEqual({ categories: 2, items: 12, vetoes: 2 });
    expect(await seedDemoPickban(db, { now: TEST_NOW })).toEqual({ categories: 0, items: 0, vetoes: 2 });
    const [mq] = await db.select().from(segments).where(eq(segments.slug, 'monthly-qualifier'));
    const [veto] = await db.select().from(segmentVetoes).where(eq(segmentVetoes.segmentId, mq!.id));
    expect(veto).toMatchObject({ starter: 'higher_seed', turnSeconds: 600 });
    expect(veto!.steps.map((s) => s.action)).toEqual(['ban', 'ban', 'pick', 'pick']);
    const categories = await call(
      ctx.app,
      null,
      'GET',
      `${API.pickban}/categories?filter[event.id]=${mq!.eventId}`,
    );
    const rules = categories
      .json()
      .data.find((c: { attributes: { name: string } }) => c.attributes.name === 'War rules');
    const items = await call(
      ctx.app,
      null,
      'GET',
      `${API.pickban}/items?filter[category.id]=${rules.id}&sort=sortOrder`,
    );
    expect(items.json().data.map((i: { attributes: { name: string } }) => i.attributes.name)).toEqual([
      'No Heroes',
      'No Siege Machines',
      'No Super Troops',
      'Spell cap',
      'No Clan Castle troops',
      'Hero Equipment locked',
    ]);
  });
});
