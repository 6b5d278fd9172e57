import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events } from '../../db/schema/events.js';
import {
  pickbanCategories,
  pickbanChallenges,
  pickbanItems,
  segmentVetoes,
} from '../../db/schema/pickban.js';
import { segments } from '../../db/schema/segments.js';

export type CategoryRow = typeof pickbanCategories.$inferSelect;
export type ItemRow = typeof pickbanItems.$inferSelect;
export type SegmentVetoRow = typeof segmentVetoes.$inferSelect;

/** The SQL of the pick and ban catalogue: categories, items and segment vetoes. */
export function createPickbanCatalogueRepository(db: Executor) {
  return {
    async categories(tenant: string, eventId: string | undefined, tx: Executor = db): Promise<CategoryRow[]> {
      return tx
        .select()
        .from(pickbanCategories)
        .where(
          and(
            eq(pickbanCategories.tenant, tenant),
            eventId ? eq(pickbanCategories.eventId, eventId) : undefined,
          ),
        )
        .orderBy(
          asc(pickbanCategories.sortOrder),
          asc(pickbanCategories.createdAt),
          asc(pickbanCategories.id),
        );
    },

    async category(tenant: string, id: string, tx: Executor = db): Promise<CategoryRow | null> {
      const rows = await tx
        .select()
        .from(pickbanCategories)
        .where(and(eq(pickbanCategories.tenant, tenant), eq(pickbanCategories.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A page of items (of the tenant's categories), by sort order then id; with the total. */
    async items(
      tenant: string,
      filter: { categoryId?: string | undefined; descending: boolean },
      page: { offset: number; size: number },
      tx: Executor = db,
    ): Promise<{ rows: ItemRow[]; total: number }> {
      const where = and(
        eq(pickbanCategories.tenant, tenant),
        filter.categoryId ? eq(pickbanItems.categoryId, filter.categoryId) : undefined,
      );
      const order = filter.descending ? desc(pickbanItems.sortOrder) : asc(pickbanItems.sortOrder);
      const rows = await tx
        .select({ item: pickbanItems })
        .from(pickbanItems)
        .innerJoin(pickbanCategories, eq(pickbanCategories.id, pickbanItems.categoryId))
        .where(where)
        .orderBy(order, asc(pickbanItems.id))
        .limit(page.size)
        .offset(page.offset);
      const [total] = await tx
        .select({ n: count() })
        .from(pickbanItems)
        .innerJoin(pickbanCategories, eq(pickbanCategories.id, pickbanItems.categoryId))
        .where(where);
      return { rows: rows.map((r) => r.item), total: total?.n ?? 0 };
    },

    /** The ids of a category's items in sort order: the pool of a challenge that opens now. */
    async itemIdsOf(categoryId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ id: pickbanItems.id })
        .from(pickbanItems)
        .where(eq(pickbanItems.categoryId, categoryId))
        .orderBy(asc(pickbanItems.sortOrder), asc(pickbanItems.id));
      return rows.map((r) => r.id);
    },

    async insertCategory(values: typeof pickbanCategories.$inferInsert, tx: Executor): Promise<CategoryRow> {
      const [row] = await tx.insert(pickbanCategories).values(values).returning();
      return row!;
    },

    async insertItem(values: typeof pickbanItems.$inferInsert, tx: Executor): Promise<ItemRow> {
      const [row] = await tx.insert(pickbanItems).values(values).returning();
      return row!;
    },

    async item(
      tenant: string,
      id: string,
      tx: Executor = db,
    ): Promise<(ItemRow & { eventId: string }) | null> {
      const rows = await tx
        .select({ item: pickbanItems, eventId: pickbanCategories.eventId })
        .from(pickbanItems)
        .innerJoin(pickbanCategories, eq(pickbanCategories.id, pickbanItems.categoryId))
        .where(and(eq(pickbanCategories.tenant, tenant), eq(pickbanItems.id, id)))
        .limit(1);
      const row = rows[0];
      return row ? { ...row.item, eventId: row.eventId } : null;
    },

    async updateCategory(
      id: string,
      set: Partial<Pick<CategoryRow, 'name' | 'sortOrder'>>,
      tx: Executor,
    ): Promise<CategoryRow> {
      const [row] = await tx
        .update(pickbanCategories)
        .set(set)
        .where(eq(pickbanCategories.id, id))
        .returning();
      return row!;
    },

    async updateItem(
      id: string,
      set: Partial<Pick<ItemRow, 'name' | 'description' | 'sortOrder'>>,
      tx: Executor,
    ): Promise<ItemRow> {
      const [row] = await tx.update(pickbanItems).set(set).where(eq(pickbanItems.id, id)).returning();
      return row!;
    },

    /** Deletes the category (its items go with it, by the foreign key). */
    async deleteCategory(id: string, tx: Executor): Promise<void> {
      await tx.delete(pickbanCategories).where(eq(pickbanCategories.id, id));
    },

    async deleteItem(id: string, tx: Executor): Promise<void> {
      await tx.delete(pickbanItems).where(eq(pickbanItems.id, id));
    },

    async deleteSegmentVeto(segmentId: string, tx: Executor): Promise<void> {
      await tx.delete(segmentVetoes).where(eq(segmentVetoes.segmentId, segmentId));
    },

    /** Whether a challenge (of any status) has the item in its pool. */
    async itemInUse(itemId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: pickbanChallenges.id })
        .from(pickbanChallenges)
        .where(sql`${pickbanChallenges.pool} @> ${JSON.stringify([itemId])}::jsonb`)
        .limit(1);
      return rows.length > 0;
    },

    /** What uses the category: a challenge, a segment's veto (null when nothing). */
    async categoryUse(categoryId: string, tx: Executor = db): Promise<'challenge' | 'veto' | null> {
      const challenges = await tx
        .select({ id: pickbanChallenges.id })
        .from(pickbanChallenges)
        .where(eq(pickbanChallenges.categoryId, categoryId))
        .limit(1);
      if (challenges.length > 0) return 'challenge';
      const vetoes = await tx
        .select({ id: segmentVetoes.segmentId })
        .from(segmentVetoes)
        .where(eq(segmentVetoes.categoryId, categoryId))
        .limit(1);
      return vetoes.length > 0 ? 'veto' : null;
    },

    async eventInTenant(tenant: string, eventId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.tenant, tenant)))
        .limit(1);
      return rows.length > 0;
    },

    async segmentInTenant(tenant: string, segmentId: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: segments.id, eventId: segments.eventId })
        .from(segments)
        .innerJoin(events, eq(events.id, segments.eventId))
        .where(and(eq(segments.id, segmentId), eq(events.tenant, tenant)))
        .limit(1);
      return rows[0] ?? null;
    },

    async segmentVeto(segmentId: string, tx: Executor = db): Promise<SegmentVetoRow | null> {
      const rows = await tx
        .select()
        .from(segmentVetoes)
        .where(eq(segmentVetoes.segmentId, segmentId))
        .limit(1);
      return rows[0] ?? null;
    },

    async upsertSegmentVeto(
      values: typeof segmentVetoes.$inferInsert,
      tx: Executor,
    ): Promise<SegmentVetoRow> {
      const { segmentId: _key, ...set } = values;
      const [row] = await tx
        .insert(segmentVetoes)
        .values(values)
        .onConflictDoUpdate({ target: segmentVetoes.segmentId, set })
        .returning();
      return row!;
    },
  };
}
