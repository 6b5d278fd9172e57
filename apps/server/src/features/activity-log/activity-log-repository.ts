import { and, count, desc, eq, gte, lte, max, min, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { activityLog } from '../../db/schema/index.js';

export type ActivityLogRow = typeof activityLog.$inferSelect;
export type NewActivityLogEntry = typeof activityLog.$inferInsert;

export interface ActivityLogFilter {
  userId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function conditionsOf(filter: ActivityLogFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(activityLog.userId, filter.userId));
  if (filter.action) conditions.push(eq(activityLog.action, filter.action));
  if (filter.targetType) conditions.push(eq(activityLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(activityLog.targetId, filter.targetId));
  if (filter.from) conditions.push(gte(activityLog.at, filter.from));
  if (filter.to) conditions.push(lte(activityLog.at, filter.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Append and read only: the table's trigger refuses UPDATE and DELETE. */
export function createActivityLogRepository(db: Executor) {
  return {
    async append(entry: NewActivityLogEntry, tx: Executor = db): Promise<void> {
      await tx.insert(activityLog).values(entry);
    },

    /**
     * Several entries in one insert (all or none). One statement text for any number of entries (the
     * rows travel as one JSON parameter), so it is parsed once per connection (db/statement-cache.ts)
     * and built without Drizzle's per-value work: the audit writer sends the entries of every request
     * of one turn of the event loop here (issue #11, the queue's bursts).
     */
    async appendMany(entries: readonly NewActivityLogEntry[], tx: Executor = db): Promise<void> {
      if (entries.length === 0) return;
      await tx.execute(sql`
        insert into activity_log
          (id, at, user_id, ip_address, action, target_type, target_id, event_id, before, after)
        select coalesce(x.id, gen_random_uuid()), x.at, x."userId", x."ipAddress", x.action,
          x."targetType", x."targetId", x."eventId", x.before, x.after
        from json_to_recordset(${JSON.stringify(entries)}::json) as x(
          id uuid, at timestamptz, "userId" uuid, "ipAddress" text, action text, "targetType" text,
          "targetId" text, "eventId" uuid, before jsonb, after jsonb)`);
    },

    async list(filter: ActivityLogFilter, page: { offset: number; size: number }, tx: Executor = db) {
      const where = conditionsOf(filter);
      const [rows, totals] = await Promise.all([
        tx
          .select()
          .from(activityLog)
          .where(where)
          .orderBy(desc(activityLog.at), desc(activityLog.id))
          .limit(page.size)
          .offset(page.offset),
        tx.select({ total: count() }).from(activityLog).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** A user's actions grouped by IP address, each with its first and last time, newest first. */
    async groupsByIp(userId: string, tx: Executor = db) {
      return tx
        .select({
          ipAddress: activityLog.ipAddress,
          from: min(activityLog.at),
          to: max(activityLog.at),
          count: count(),
        })
        .from(activityLog)
        .where(eq(activityLog.userId, userId))
        .groupBy(activityLog.ipAddress)
        .orderBy(desc(max(activityLog.at)));
    },
  };
}
