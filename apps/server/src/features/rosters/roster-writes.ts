import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { segments } from '../../db/schema/index.js';
import { rosters } from '../../db/schema/rosters.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError, notFound } from '../../errors/domain-error.js';
import type { NewRoster, RosterRow } from './roster-rows.js';

/** The roster writes: insert (within the segment's limit), update, delete, the owner from the captain. */
export function createRosterWrites(db: Executor) {
  /** CONFLICT when the clan already has a live roster in the segment (rosters_live_clan_uq). */
  async function insert(roster: NewRoster, tx: Executor = db): Promise<RosterRow> {
    const rows = await conflictOnDuplicate(
      () => tx.insert(rosters).values(roster).returning(),
      () => new DomainError('CONFLICT', `Clan ${roster.clanTag} already has a roster in this segment`),
    );
    return rows[0]!;
  }

  /**
   * Creates a roster in its segment only while the segment has room: fewer live (not withdrawn)
   * rosters than its rostersLimit.limit (spec 3, 9), else SEGMENT_FULL and nothing is written.
   * The segment row is locked for the count, so two creations cannot both take the last place;
   * `tx` must be a transaction.
   */
  async function insertWithinLimit(roster: NewRoster, tx: Executor): Promise<RosterRow> {
    const [segment] = await tx
      .select({ rostersLimit: segments.rostersLimit })
      .from(segments)
      .where(eq(segments.id, roster.segmentId))
      .for('update');
    if (!segment) throw notFound('segment', roster.segmentId);
    const [live] = await tx
      .select({ n: count() })
      .from(rosters)
      .where(and(eq(rosters.segmentId, roster.segmentId), isNull(rosters.withdrawnAt)));
    const limit = segment.rostersLimit.limit;
    if ((live?.n ?? 0) >= limit)
      throw new DomainError(
        'SEGMENT_FULL',
        `This segment takes at most ${limit} rosters and has no room left`,
        {
          meta: { limit },
        },
      );
    return insert(roster, tx);
  }

  async function update(id: string, set: Partial<NewRoster>, tx: Executor = db): Promise<RosterRow> {
    // A PATCH without attributes changes nothing (SQL has no empty SET): answer the roster as it is.
    const rows =
      Object.keys(set).length === 0
        ? await tx.select().from(rosters).where(eq(rosters.id, id))
        : await tx.update(rosters).set(set).where(eq(rosters.id, id)).returning();
    const row = rows[0];
    if (!row) throw notFound('roster', id);
    return row;
  }

  async function deleteRoster(id: string, tx: Executor = db): Promise<void> {
    await tx.delete(rosters).where(eq(rosters.id, id));
  }

  /** The captain's hub user owns the roster; called when the captain or their account changes. */
  async function refreshOwnerFromCaptain(rosterId: string, tx: Executor = db) {
    await tx.execute(sql`
      update rosters set owner_id = (
        select ga.user_id from roster_members rm
        join game_accounts ga on ga.player_tag = rm.player_tag and ga.provider = 'coc'
        where rm.roster_id = ${rosterId} and rm.position = 'captain' and rm.removed_at is null
        limit 1)
      where id = ${rosterId}`);
  }

  return { insert, insertWithinLimit, update, delete: deleteRoster, refreshOwnerFromCaptain };
}
