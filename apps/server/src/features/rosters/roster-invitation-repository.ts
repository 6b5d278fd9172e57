import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rosterInvitations, rosters } from '../../db/schema/rosters.js';

export type RosterInvitationRow = typeof rosterInvitations.$inferSelect;

/** Invitations to rosters that are not a clan's (see the table's comment). */
export function createRosterInvitationRepository(db: Executor) {
  return {
    /**
     * Opens an invitation per tag that has none open on the roster (a repeated invite changes
     * nothing: the open-invitation unique index); returns the invitations now open for those tags.
     */
    async invite(
      rosterId: string,
      playerTags: string[],
      invitedBy: string | null,
      at: Date,
      tx: Executor = db,
    ): Promise<RosterInvitationRow[]> {
      if (playerTags.length === 0) return [];
      await tx
        .insert(rosterInvitations)
        .values(playerTags.map((playerTag) => ({ rosterId, playerTag, invitedBy, createdAt: at })))
        .onConflictDoNothing();
      return tx
        .select()
        .from(rosterInvitations)
        .where(
          and(
            eq(rosterInvitations.rosterId, rosterId),
            inArray(rosterInvitations.playerTag, playerTags),
            isNull(rosterInvitations.answeredAt),
          ),
        );
    },

    /** Which of `playerTags` already have an open invitation to the roster. */
    async openTags(rosterId: string, playerTags: string[], tx: Executor = db): Promise<string[]> {
      if (playerTags.length === 0) return [];
      const rows = await tx
        .select({ playerTag: rosterInvitations.playerTag })
        .from(rosterInvitations)
        .where(
          and(
            eq(rosterInvitations.rosterId, rosterId),
            inArray(rosterInvitations.playerTag, playerTags),
            isNull(rosterInvitations.answeredAt),
          ),
        );
      return rows.map((r) => r.playerTag);
    },

    /** The player's open invitations (newest first) with the roster they are for, within the tenant. */
    async openForPlayer(tenant: string, playerTag: string, tx: Executor = db) {
      return tx
        .select({ invitation: rosterInvitations, roster: rosters })
        .from(rosterInvitations)
        .innerJoin(rosters, eq(rosters.id, rosterInvitations.rosterId))
        .where(
          and(
            eq(rosterInvitations.playerTag, playerTag),
            isNull(rosterInvitations.answeredAt),
            eq(rosters.tenant, tenant),
            isNull(rosters.withdrawnAt),
          ),
        )
        .orderBy(desc(rosterInvitations.createdAt), desc(rosterInvitations.id));
    },

    /** One invitation with its roster, within the tenant; locked when `lock`. */
    async find(tenant: string, id: string, tx: Executor = db, lock = false) {
      const query = tx
        .select({ invitation: rosterInvitations, roster: rosters })
        .from(rosterInvitations)
        .innerJoin(rosters, eq(rosters.id, rosterInvitations.rosterId))
        .where(and(eq(rosterInvitations.id, id), eq(rosters.tenant, tenant)))
        .limit(1);
      const rows = lock ? await query.for('update', { of: rosterInvitations }) : await query;
      return rows[0] ?? null;
    },

    /** Records the answer of an open invitation; null when it was answered meanwhile. */
    async answer(id: string, answer: 'accepted' | 'declined', at: Date, tx: Executor = db) {
      const rows = await tx
        .update(rosterInvitations)
        .set({ answer, answeredAt: at })
        .where(and(eq(rosterInvitations.id, id), isNull(rosterInvitations.answeredAt)))
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type RosterInvitationRepository = ReturnType<typeof createRosterInvitationRepository>;
