import { API } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/admin.js';
import {
  pickbanCategories,
  pickbanChallenges,
  pickbanItems,
  segmentVetoes,
} from '../../src/db/schema/pickban.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
} from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase, loginAsAdmin, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

/**
 * Pick and ban setup by organizers (spec 7, #13): PATCH and DELETE of categories and items, DELETE
 * of a segment's veto; every refusal writes nothing; deleting what a challenge or a veto uses is a
 * 409 PICKBAN_IN_USE; the role × action table.
 */
const P = API.pickban;
const BAN_PICK = [
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
];

function refusal(response: LightMyRequestResponse) {
  const error = response.json().errors?.[0] as { code: string; meta?: { reason?: string } } | undefined;
  return { status: response.statusCode, code: error?.code ?? null, reason: error?.meta?.reason ?? null };
}

describeEachDatabase('pick and ban setup', (ctx) => {
  let admin = '';
  let callers: Callers;
  let captains: Captain[] = [];
  let n = 0;

  beforeAll(async () => {
    const { parentId, eventId } = await ladderSegment(ctx.database.db);
    captains = await createCaptains(ctx.database.db, {
      count: 2,
      offset: 9300,
      parentSegmentId: parentId,
      eventId,
      now: TEST_NOW,
    });
    admin = (await loginAsAdmin(ctx.app)).token.value;
    callers = await createCallers(ctx);
  });

  /** A fresh category of the organizer's event with `count` items (sort orders 1..count). */
  async function category(count = 3) {
    n++;
    const created = await call(ctx.app, admin, 'POST', `${P}/categories`, {
      eventId: callers.eventId,
      name: `Rules ${n}`,
      sortOrder: n,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const items: string[] = [];
    for (let i = 1; i <= count; i++) {
      const item = await call(ctx.app, admin, 'POST', `${P}/items`, {
        categoryId: id,
        name: `Rule ${n}.${i}`,
        sortOrder: i,
      });
      expect(item.statusCode).toBe(201);
      items.push(item.json().data.id);
    }
    return { id, items };
  }

  async function segmentWithVeto(categoryId: string) {
    const segmentId = await stageSegment(ctx.database.db, `pbs-${n++}`, { monthlyQualifier: true });
    const set = await call(ctx.app, admin, 'PUT', `${P}/segments/${segmentId}/veto`, {
      categoryId,
      steps: BAN_PICK,
      starter: 'home',
    });
    expect(set.statusCode).toBe(200);
    return segmentId;
  }

  const db = () => ctx.database.db;
  const categoryRow = async (id: string) =>
    (await db().select().from(pickbanCategories).where(eq(pickbanCategories.id, id)))[0] ?? null;
  const itemRow = async (id: string) =>
    (await db().select().from(pickbanItems).where(eq(pickbanItems.id, id)))[0] ?? null;
  const vetoRow = async (segmentId: string) =>
    (await db().select().from(segmentVetoes).where(eq(segmentVetoes.segmentId, segmentId)))[0] ?? null;
  const entries = async (targetId: string, action: string) =>
    db()
      .select({ userId: activityLog.userId, before: activityLog.before, after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.targetId, targetId), eq(activityLog.action, action)));

  describe('categories', () => {
    it('PATCH /categories/{id}: rename and reorder, audited; refusals write nothing', async () => {
      const c = await category(0);
      const renamed = await call(ctx.app, callers.tokens.organizer, 'PATCH', `${P}/categories/${c.id}`, {
        name: '  Battle modifiers ',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data).toMatchObject({
        id: c.id,
        type: 'categories',
        attributes: { name: 'Battle modifiers', eventId: callers.eventId },
      });
      const moved = await call(ctx.app, admin, 'PATCH', `${P}/categories/${c.id}`, { sortOrder: 500 });
      expect(moved.json().data.attributes).toMatchObject({ name: 'Battle modifiers', sortOrder: 500 });
      const log = await entries(c.id, 'pickban.category.update');
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({
        userId: callers.ids.organizer,
        before: { name: `Rules ${n}` },
        after: { name: 'Battle modifiers' },
      });
      const before = await categoryRow(c.id);
      for (const body of [{}, { name: '   ' }, { sortOrder: -1 }, { name: 'x'.repeat(81) }]) {
        const bad = await call(ctx.app, admin, 'PATCH', `${P}/categories/${c.id}`, body);
        expect(refusal(bad)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      }
      const unknown = await call(
        ctx.app,
        admin,
        'PATCH',
        `${P}/categories/00000000-0000-4000-8000-000000000001`,
        { name: 'Nope' },
      );
      expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(await categoryRow(c.id)).toEqual(before);
      expect(await entries(c.id, 'pickban.category.update')).toHaveLength(2);
    });

    it('DELETE /categories/{id}: with its items, audited; again 404', async () => {
      const c = await category(2);
      const gone = await call(ctx.app, callers.tokens.organizer, 'DELETE', `${P}/categories/${c.id}`);
      expect(gone.statusCode).toBe(204);
      expect(await categoryRow(c.id)).toBeNull();
      expect(await itemRow(c.items[0]!)).toBeNull();
      expect(await entries(c.id, 'pickban.category.delete')).toMatchObject([
        { userId: callers.ids.organizer, before: { id: c.id }, after: null },
      ]);
      const again = await call(ctx.app, admin, 'DELETE', `${P}/categories/${c.id}`);
      expect(refusal(again)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('items', () => {
    it('PATCH /items/{id}: name, description (null clears), sort order; the list follows; refusals write nothing', async () => {
      const c = await category(3);
      const [first, second, third] = c.items as [string, string, string];
      const edited = await call(ctx.app, callers.tokens.organizer, 'PATCH', `${P}/items/${first}`, {
        name: 'No heroes',
        description: 'Heroes stay home',
        sortOrder: 10,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data).toEqual({
        id: first,
        type: 'items',
        attributes: { name: 'No heroes', description: 'Heroes stay home', sortOrder: 10, categoryId: c.id },
      });
      const list = await call(ctx.app, null, 'GET', `${P}/items?filter[category.id]=${c.id}&sort=sortOrder`);
      expect(list.json().data.map((i: { id: string }) => i.id)).toEqual([second, third, first]);
      const cleared = await call(ctx.app, admin, 'PATCH', `${P}/items/${first}`, { description: null });
      expect(cleared.json().data.attributes).toMatchObject({ name: 'No heroes', description: null });
      expect(await entries(first, 'pickban.item.update')).toHaveLength(2);
      const before = await itemRow(first);
      for (const body of [{}, { name: '' }, { description: 'x'.repeat(501) }, { sortOrder: 1.5 }]) {
        const bad = await call(ctx.app, admin, 'PATCH', `${P}/items/${first}`, body);
        expect(refusal(bad)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      }
      const unknown = await call(ctx.app, admin, 'PATCH', `${P}/items/00000000-0000-4000-8000-000000000001`, {
        name: 'Nope',
      });
      expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(await itemRow(first)).toEqual(before);
      expect(await entries(first, 'pickban.item.update')).toHaveLength(2);
    });

    it('DELETE /items/{id}: audited; again 404', async () => {
      const c = await category(2);
      const gone = await call(ctx.app, admin, 'DELETE', `${P}/items/${c.items[0]}`);
      expect(gone.statusCode).toBe(204);
      expect(await itemRow(c.items[0]!)).toBeNull();
      expect(await itemRow(c.items[1]!)).not.toBeNull();
      expect(await entries(c.items[0]!, 'pickban.item.delete')).toMatchObject([
        { before: { id: c.items[0], categoryId: c.id } },
      ]);
      const again = await call(ctx.app, admin, 'DELETE', `${P}/items/${c.items[0]}`);
      expect(refusal(again)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('segment veto', () => {
    it('DELETE /segments/{id}/veto: audited; then GET and DELETE are 404; an unknown segment 404', async () => {
      const c = await category(2);
      const segmentId = await segmentWithVeto(c.id);
      const gone = await call(ctx.app, callers.tokens.organizer, 'DELETE', `${P}/segments/${segmentId}/veto`);
      expect(gone.statusCode).toBe(204);
      expect(await vetoRow(segmentId)).toBeNull();
      expect(await entries(segmentId, 'pickban.veto.delete')).toMatchObject([
        { userId: callers.ids.organizer, before: { categoryId: c.id, starter: 'home' } },
      ]);
      for (const method of ['GET', 'DELETE'] as const) {
        const again = await call(ctx.app, admin, method, `${P}/segments/${segmentId}/veto`);
        expect(refusal(again)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
      const unknown = await call(
        ctx.app,
        admin,
        'DELETE',
        `${P}/segments/00000000-0000-4000-8000-000000000001/veto`,
      );
      expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(await entries(segmentId, 'pickban.veto.delete')).toHaveLength(1);
    });
  });

  describe('in use', () => {
    it('a challenge’s pool and category cannot be deleted (409 PICKBAN_IN_USE, nothing written); renames still work', async () => {
      const c = await category(3);
      const segmentId = await segmentWithVeto(c.id);
      const series = await stageSeries(
        ctx.app,
        admin,
        segmentId,
        [captains[0]!, captains[1]!],
        new Date(TEST_NOW.getTime() + 60 * MINUTE),
      );
      const challenges = await db()
        .select()
        .from(pickbanChallenges)
        .where(eq(pickbanChallenges.matchSeriesId, series.id));
      expect(challenges).toHaveLength(1);
      expect(challenges[0]!.pool).toEqual(c.items);
      // A later item is not in the pool: it can go.
      const later = await call(ctx.app, admin, 'POST', `${P}/items`, { categoryId: c.id, name: 'Later' });
      const laterId = later.json().data.id as string;

      const usedItem = await call(ctx.app, callers.tokens.organizer, 'DELETE', `${P}/items/${c.items[0]}`);
      expect(refusal(usedItem)).toEqual({ status: 409, code: 'CONFLICT', reason: 'PICKBAN_IN_USE' });
      expect(await itemRow(c.items[0]!)).not.toBeNull();
      expect(await entries(c.items[0]!, 'pickban.item.delete')).toEqual([]);

      // Remove the veto: the running challenge still holds the category.
      expect((await call(ctx.app, admin, 'DELETE', `${P}/segments/${segmentId}/veto`)).statusCode).toBe(204);
      const usedCategory = await call(ctx.app, callers.tokens.organizer, 'DELETE', `${P}/categories/${c.id}`);
      expect(refusal(usedCategory)).toEqual({ status: 409, code: 'CONFLICT', reason: 'PICKBAN_IN_USE' });
      expect(await categoryRow(c.id)).not.toBeNull();
      expect(await itemRow(laterId)).not.toBeNull();
      expect(await entries(c.id, 'pickban.category.delete')).toEqual([]);

      const renamed = await call(ctx.app, admin, 'PATCH', `${P}/items/${c.items[0]}`, {
        name: 'Renamed rule',
      });
      expect(renamed.statusCode).toBe(200);
      expect(
        (await call(ctx.app, admin, 'PATCH', `${P}/categories/${c.id}`, { name: 'Renamed' })).statusCode,
      ).toBe(200);
      expect((await call(ctx.app, admin, 'DELETE', `${P}/items/${laterId}`)).statusCode).toBe(204);
    });

    it('a category a segment’s veto names cannot be deleted until the veto is removed', async () => {
      const c = await category(2);
      const segmentId = await segmentWithVeto(c.id);
      const refused = await call(ctx.app, admin, 'DELETE', `${P}/categories/${c.id}`);
      expect(refusal(refused)).toEqual({ status: 409, code: 'CONFLICT', reason: 'PICKBAN_IN_USE' });
      expect(await categoryRow(c.id)).not.toBeNull();
      expect(await vetoRow(segmentId)).not.toBeNull();
      expect((await call(ctx.app, admin, 'DELETE', `${P}/segments/${segmentId}/veto`)).statusCode).toBe(204);
      expect((await call(ctx.app, admin, 'DELETE', `${P}/categories/${c.id}`)).statusCode).toBe(204);
    });
  });

  describe('role × action', () => {
    it.each(ROLES)('PATCH and DELETE of categories, items and a segment veto as %s', async (role) => {
      const token = callers.tokens[role];
      const c = await category(2);
      const segmentId = await segmentWithVeto(c.id);
      const free = await category(1);
      const allowed = expectedStatus(role, ORGANIZERS, 200) === 200;
      const before = {
        category: await categoryRow(c.id),
        item: await itemRow(c.items[0]!),
        veto: await vetoRow(segmentId),
      };

      const patchCategory = await call(ctx.app, token, 'PATCH', `${P}/categories/${c.id}`, { name: role });
      expect(patchCategory.statusCode).toBe(expectedStatus(role, ORGANIZERS, 200));
      const patchItem = await call(ctx.app, token, 'PATCH', `${P}/items/${c.items[0]}`, {
        description: role,
      });
      expect(patchItem.statusCode).toBe(expectedStatus(role, ORGANIZERS, 200));
      const deleteItem = await call(ctx.app, token, 'DELETE', `${P}/items/${c.items[1]}`);
      expect(deleteItem.statusCode).toBe(expectedStatus(role, ORGANIZERS, 204));
      const deleteVeto = await call(ctx.app, token, 'DELETE', `${P}/segments/${segmentId}/veto`);
      expect(deleteVeto.statusCode).toBe(expectedStatus(role, ORGANIZERS, 204));
      const deleteCategory = await call(ctx.app, token, 'DELETE', `${P}/categories/${free.id}`);
      expect(deleteCategory.statusCode).toBe(expectedStatus(role, ORGANIZERS, 204));

      if (allowed) {
        expect((await categoryRow(c.id))?.name).toBe(role);
        expect((await itemRow(c.items[0]!))?.description).toBe(role);
        expect(await itemRow(c.items[1]!)).toBeNull();
        expect(await vetoRow(segmentId)).toBeNull();
        expect(await categoryRow(free.id)).toBeNull();
      } else {
        expect(await categoryRow(c.id)).toEqual(before.category);
        expect(await itemRow(c.items[0]!)).toEqual(before.item);
        expect(await itemRow(c.items[1]!)).not.toBeNull();
        expect(await vetoRow(segmentId)).toEqual(before.veto);
        expect(await categoryRow(free.id)).not.toBeNull();
        for (const [id, action] of [
          [c.id, 'pickban.category.update'],
          [c.items[0]!, 'pickban.item.update'],
          [c.items[1]!, 'pickban.item.delete'],
          [segmentId, 'pickban.veto.delete'],
          [free.id, 'pickban.category.delete'],
        ] as const) {
          expect(await entries(id, action)).toEqual([]);
        }
      }
    });
  });
});
