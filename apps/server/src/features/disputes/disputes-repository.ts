import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  gameAccounts,
  matchAttachments,
  matchDisputes,
  matchSeries,
  matchSeriesCompetitors,
  rosterMembers,
  rosters,
  segmentDisputeSettings,
} from '../../db/schema/index.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';

export type AttachmentMeta = Omit<typeof matchAttachments.$inferSelect, 'bytes'>;
export type DisputeRow = typeof matchDisputes.$inferSelect;

/** A series as disputes see it: its event, state, result time and the two sides with their captains. */
export interface DisputedSeries {
  id: string;
  tenant: string;
  eventId: string;
  segmentId: string;
  state: string;
  date: Date;
  finishedAt: Date | null;
  sides: {
    position: number;
    rosterId: string | null;
    name: string | null;
    ownerId: string | null;
    score: number | null;
  }[];
}

const attachmentMeta = {
  id: matchAttachments.id,
  matchSeriesId: matchAttachments.matchSeriesId,
  uploadedBy: matchAttachments.uploadedBy,
  contentType: matchAttachments.contentType,
  width: matchAttachments.width,
  height: matchAttachments.height,
  byteSize: matchAttachments.byteSize,
  createdAt: matchAttachments.createdAt,
};

/** The SQL of disputes, match attachments and segment dispute windows. */
export function createDisputesRepository(db: Executor) {
  async function sidesOf(seriesIds: string[], tx: Executor) {
    if (seriesIds.length === 0) return [];
    return tx
      .select({
        matchSeriesId: matchSeriesCompetitors.matchSeriesId,
        position: matchSeriesCompetitors.position,
        rosterId: matchSeriesCompetitors.rosterId,
        name: rosters.name,
        ownerId: rosters.ownerId,
        score: matchSeriesCompetitors.score,
      })
      .from(matchSeriesCompetitors)
      .leftJoin(rosters, eq(rosters.id, matchSeriesCompetitors.rosterId))
      .where(inArray(matchSeriesCompetitors.matchSeriesId, seriesIds))
      .orderBy(asc(matchSeriesCompetitors.position));
  }

  return {
    /** Whether the user plays for either team of the series (a live member, by their game accounts). */
    async isTeamMember(seriesId: string, userId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: rosterMembers.id })
        .from(rosterMembers)
        .innerJoin(matchSeriesCompetitors, eq(matchSeriesCompetitors.rosterId, rosterMembers.rosterId))
        .innerJoin(gameAccounts, eq(gameAccounts.playerTag, rosterMembers.playerTag))
        .where(
          and(
            eq(matchSeriesCompetitors.matchSeriesId, seriesId),
            isNull(rosterMembers.removedAt),
            eq(gameAccounts.userId, userId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Series of the tenant with their sides (deleted ones only `withDeleted`: a dispute outlives a
     * soft delete); `lock` takes the rows (a dispute, a resolve).
     */
    async series(
      tenant: string,
      ids: string[],
      tx: Executor = db,
      lock = false,
      withDeleted = false,
    ): Promise<DisputedSeries[]> {
      if (ids.length === 0) return [];
      const query = tx
        .select({
          id: matchSeries.id,
          tenant: matchSeries.tenant,
          eventId: matchSeries.eventId,
          segmentId: matchSeries.segmentId,
          state: matchSeries.state,
          date: matchSeries.date,
          finishedAt: matchSeries.finishedAt,
        })
        .from(matchSeries)
        .where(
          and(
            eq(matchSeries.tenant, tenant),
            inArray(matchSeries.id, ids),
            withDeleted ? undefined : isNull(matchSeries.deletedAt),
          ),
        );
      const rows = lock ? await query.for('update') : await query;
      const sides = await sidesOf(
        rows.map((r) => r.id),
        tx,
      );
      return rows.map((r) => ({
        ...r,
        sides: sides
          .filter((s) => s.matchSeriesId === r.id)
          .map((s) => ({
            position: s.position,
            rosterId: s.rosterId,
            name: s.name ?? null,
            ownerId: s.ownerId ?? null,
            score: s.score,
          })),
      }));
    },

    async setDisputed(seriesId: string, at: Date | null, tx: Executor) {
      await tx.update(matchSeries).set({ disputedAt: at }).where(eq(matchSeries.id, seriesId));
    },

    async windowMinutes(segmentId: string, tx: Executor = db): Promise<number | null> {
      const rows = await tx
        .select({ minutes: segmentDisputeSettings.disputeWindowMinutes })
        .from(segmentDisputeSettings)
        .where(eq(segmentDisputeSettings.segmentId, segmentId));
      return rows[0]?.minutes ?? null;
    },

    async setWindowMinutes(segmentId: string, minutes: number, tx: Executor) {
      await tx
        .insert(segmentDisputeSettings)
        .values({ segmentId, disputeWindowMinutes: minutes })
        .onConflictDoUpdate({
          target: segmentDisputeSettings.segmentId,
          set: { disputeWindowMinutes: minutes },
        });
    },

    async insertAttachment(
      values: typeof matchAttachments.$inferInsert,
      tx: Executor,
    ): Promise<AttachmentMeta> {
      const rows = await tx.insert(matchAttachments).values(values).returning(attachmentMeta);
      return rows[0]!;
    },

    async attachmentCount(seriesId: string, tx: Executor = db): Promise<number> {
      const rows = await tx
        .select({ n: count() })
        .from(matchAttachments)
        .where(eq(matchAttachments.matchSeriesId, seriesId));
      return Number(rows[0]?.n ?? 0);
    },

    async attachmentsOf(seriesId: string, tx: Executor = db): Promise<AttachmentMeta[]> {
      return tx
        .select(attachmentMeta)
        .from(matchAttachments)
        .where(eq(matchAttachments.matchSeriesId, seriesId))
        .orderBy(asc(matchAttachments.createdAt), asc(matchAttachments.id));
    },

    async attachment(seriesId: string, id: string) {
      const rows = await db
        .select({ ...attachmentMeta, bytes: matchAttachments.bytes })
        .from(matchAttachments)
        .where(and(eq(matchAttachments.matchSeriesId, seriesId), eq(matchAttachments.id, id)));
      return rows[0] ?? null;
    },

    /** Inserts an open dispute; a second open one for the series is DISPUTE_ALREADY_OPEN. */
    async insertDispute(values: typeof matchDisputes.$inferInsert, tx: Executor): Promise<DisputeRow> {
      const rows = await conflictOnDuplicate(
        () => tx.insert(matchDisputes).values(values).returning(),
        () => new DomainError('DISPUTE_ALREADY_OPEN', 'The series already has an open dispute'),
      );
      return rows[0]!;
    },

    async openDisputeOf(seriesId: string, tx: Executor = db): Promise<DisputeRow | null> {
      const rows = await tx
        .select()
        .from(matchDisputes)
        .where(and(eq(matchDisputes.matchSeriesId, seriesId), eq(matchDisputes.status, 'open')));
      return rows[0] ?? null;
    },

    async disputesOfSeries(seriesId: string, tx: Executor = db): Promise<DisputeRow[]> {
      return tx
        .select()
        .from(matchDisputes)
        .where(eq(matchDisputes.matchSeriesId, seriesId))
        .orderBy(desc(matchDisputes.createdAt));
    },

    async dispute(tenant: string, id: string, tx: Executor = db, lock = false): Promise<DisputeRow | null> {
      const query = tx
        .select()
        .from(matchDisputes)
        .where(and(eq(matchDisputes.tenant, tenant), eq(matchDisputes.id, id)));
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /** The queue: newest first; `eventIds` limits it to an organizer's events (undefined: all). */
    async queue(
      tenant: string,
      filter: { status?: DisputeRow['status'] | undefined; eventIds?: string[] | undefined },
      page: { number: number; size: number },
    ): Promise<{ rows: DisputeRow[]; total: number }> {
      if (filter.eventIds && filter.eventIds.length === 0) return { rows: [], total: 0 };
      const where: SQL | undefined = and(
        eq(matchDisputes.tenant, tenant),
        filter.status ? eq(matchDisputes.status, filter.status) : undefined,
        filter.eventIds ? inArray(matchDisputes.eventId, filter.eventIds) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(matchDisputes)
          .where(where)
          .orderBy(desc(matchDisputes.createdAt), asc(matchDisputes.id))
          .limit(page.size)
          .offset((page.number - 1) * page.size),
        db.select({ n: count() }).from(matchDisputes).where(where),
      ]);
      return { rows, total: Number(total[0]?.n ?? 0) };
    },

    async closeDispute(
      id: string,
      values: {
        status: 'upheld' | 'corrected';
        resolutionNote: string;
        internalReason: string | null;
        resolvedBy: string;
        resolvedAt: Date;
      },
      tx: Executor,
    ): Promise<DisputeRow> {
      const rows = await tx.update(matchDisputes).set(values).where(eq(matchDisputes.id, id)).returning();
      return rows[0]!;
    },
  };
}
export type DisputesRepository = ReturnType<typeof createDisputesRepository>;
