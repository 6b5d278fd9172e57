import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rosterMembers } from '../../db/schema/rosters.js';
import type { NewRosterMember, RemovedReason, RosterMemberRow } from './roster-rows.js';

/** A roster's members: read them, add or re-activate, remove, set the captain, mark registered. */
export function createRosterMemberRepository(db: Executor) {
  /** Members, removed ones included (callers filter on removedAt), in selection order. */
  async function members(rosterIds: string[], tx: Executor = db): Promise<RosterMemberRow[]> {
    if (rosterIds.length === 0) return [];
    return tx
      .select()
      .from(rosterMembers)
      .where(inArray(rosterMembers.rosterId, rosterIds))
      .orderBy(asc(rosterMembers.selectedAt), asc(rosterMembers.playerTag));
  }

  async function activeMembers(rosterId: string, tx: Executor = db): Promise<RosterMemberRow[]> {
    return tx
      .select()
      .from(rosterMembers)
      .where(and(eq(rosterMembers.rosterId, rosterId), isNull(rosterMembers.removedAt)))
      .orderBy(asc(rosterMembers.selectedAt), asc(rosterMembers.playerTag));
  }

  /** Rosters where this player is the active captain (to give them an owner once the player has a user). */
  async function captainRosterIds(playerTag: string, tx: Executor = db): Promise<string[]> {
    const rows = await tx
      .select({ id: rosterMembers.rosterId })
      .from(rosterMembers)
      .where(
        and(
          eq(rosterMembers.playerTag, playerTag),
          eq(rosterMembers.position, 'captain'),
          isNull(rosterMembers.removedAt),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** Adds or re-activates a member, keeping an earlier individual registration. */
  async function upsertMember(member: NewRosterMember, tx: Executor = db): Promise<RosterMemberRow> {
    const rows = await tx
      .insert(rosterMembers)
      .values(member)
      .onConflictDoUpdate({
        target: [rosterMembers.rosterId, rosterMembers.playerTag],
        set: {
          name: member.name,
          thLevel: member.thLevel,
          roleAtSelection: member.roleAtSelection,
          position: member.position,
          removedAt: null,
          removedReason: null,
          selectedAt: sql`case when ${rosterMembers.removedAt} is null then ${rosterMembers.selectedAt} else now() end`,
        },
      })
      .returning();
    return rows[0]!;
  }

  async function removeMembers(
    rosterId: string,
    tags: string[],
    reason: RemovedReason,
    now: Date,
    tx: Executor = db,
  ) {
    if (tags.length === 0) return;
    await tx
      .update(rosterMembers)
      .set({ removedAt: now, removedReason: reason, position: 'player' })
      .where(
        and(
          eq(rosterMembers.rosterId, rosterId),
          inArray(rosterMembers.playerTag, tags),
          isNull(rosterMembers.removedAt),
        ),
      );
  }

  async function setPositions(rosterId: string, captainTag: string, tx: Executor = db) {
    await tx
      .update(rosterMembers)
      .set({
        position: sql`case when ${rosterMembers.playerTag} = ${captainTag} then 'captain' else 'player' end`,
      })
      .where(eq(rosterMembers.rosterId, rosterId));
  }

  async function markRegistered(rosterId: string, tag: string, now: Date, tx: Executor = db) {
    const rows = await tx
      .update(rosterMembers)
      .set({
        registeredAt: sql`coalesce(${rosterMembers.registeredAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(rosterMembers.rosterId, rosterId),
          eq(rosterMembers.playerTag, tag),
          isNull(rosterMembers.removedAt),
        ),
      )
      .returning();
    return rows[0] ?? null;
  }
  return {
    members,
    activeMembers,
    captainRosterIds,
    upsertMember,
    removeMembers,
    setPositions,
    markRegistered,
  };
}
