import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { type MatchChatNoticeColumn, matchChatMessages } from '../../db/schema/match-chat.js';
import { users } from '../../db/schema/users.js';

export type ChatMessageRow = typeof matchChatMessages.$inferSelect;

/** A series as its chat room needs it, with who sits in the room by right of their team. */
export interface ChatRoomRow {
  id: string;
  tenant: string;
  eventId: string;
  deleted: boolean;
  /** Roster owners of both sides. */
  captainIds: string[];
  /** Owners of the teams the two rosters play for. */
  leaderIds: string[];
  /** The organizers assigned to the event (they are told of the room's messages live). */
  organizerIds: string[];
}

export interface ChatAuthor {
  id: string;
  name: string | null;
  permissions: string[];
}

const ids = (values: readonly (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/** The room as its SQL answers it: the three lists are JSON arrays, null when empty. */
type RoomSqlRow = Omit<ChatRoomRow, 'captainIds' | 'leaderIds' | 'organizerIds'> &
  Record<'captainIds' | 'leaderIds' | 'organizerIds', (string | null)[] | null>;

/** One statement: the series, its two sides' captains and team leaders, the event's organizers. */
const roomSelect = (seriesId: string) => sql`
  select s.id, s.tenant, s.event_id as "eventId", s.deleted_at is not null as deleted,
    (select json_agg(r.owner_id) from match_series_competitors c
      join rosters r on r.id = c.roster_id where c.match_series_id = s.id) as "captainIds",
    (select json_agg(t.owner_id) from match_series_competitors c
      join rosters r on r.id = c.roster_id join teams t on t.id = r.team_id
      where c.match_series_id = s.id) as "leaderIds",
    (select json_agg(o.user_id) from event_organizers o where o.event_id = s.event_id) as "organizerIds"
  from match_series s where s.id = ${seriesId}::uuid`;

const roomOf = (row: RoomSqlRow): ChatRoomRow => ({
  id: row.id,
  tenant: row.tenant,
  eventId: row.eventId,
  deleted: row.deleted,
  captainIds: ids(row.captainIds ?? []),
  leaderIds: ids(row.leaderIds ?? []),
  organizerIds: ids(row.organizerIds ?? []),
});

/** The SQL of the match chat: rooms, messages, their authors, the event's organizers. */
export function createChatRepository(db: Executor) {
  return {
    /** The series' room (deleted series flagged), or null when no such series exists. */
    async room(seriesId: string, tx: Executor = db): Promise<ChatRoomRow | null> {
      const row = rowsOf<RoomSqlRow>(await tx.execute(roomSelect(seriesId)))[0];
      return row ? roomOf(row) : null;
    },

    /**
     * A system notice in ONE round trip: the room read and, unless its series is deleted, the
     * notice written. Answers the room and the new message's id (null for a deleted series), or null
     * when no such series exists. Every result, check-in and war start posts one (issue #11).
     */
    async insertNotice(
      seriesId: string,
      notice: MatchChatNoticeColumn,
      createdAt: Date,
      tx: Executor,
    ): Promise<{ room: ChatRoomRow; messageId: string | null } | null> {
      const result = await tx.execute(sql`
        with room as (${roomSelect(seriesId)}),
        m as (
          insert into match_chat_messages (tenant, event_id, match_series_id, kind, notice, created_at)
          select tenant, "eventId", id, 'system', ${JSON.stringify(notice)}::jsonb, ${createdAt.toISOString()}::timestamptz
          from room where not deleted
          returning id
        )
        select room.*, (select id::text from m) as "messageId" from room`);
      const row = rowsOf<RoomSqlRow & { messageId: string | null }>(result)[0];
      return row ? { room: roomOf(row), messageId: row.messageId } : null;
    },

    /** Newest first, `size` at most, older than the message `before` when given. */
    async page(
      seriesId: string,
      before: ChatMessageRow | null,
      size: number,
      tx: Executor = db,
    ): Promise<ChatMessageRow[]> {
      const older = before
        ? or(
            lt(matchChatMessages.createdAt, before.createdAt),
            and(eq(matchChatMessages.createdAt, before.createdAt), lt(matchChatMessages.id, before.id)),
          )
        : undefined;
      return tx
        .select()
        .from(matchChatMessages)
        .where(and(eq(matchChatMessages.matchSeriesId, seriesId), older))
        .orderBy(desc(matchChatMessages.createdAt), desc(matchChatMessages.id))
        .limit(size);
    },

    async message(id: string, tx: Executor = db, lock = false): Promise<ChatMessageRow | null> {
      const query = tx.select().from(matchChatMessages).where(eq(matchChatMessages.id, id)).limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    async insert(values: typeof matchChatMessages.$inferInsert, tx: Executor = db): Promise<ChatMessageRow> {
      const [row] = await tx.insert(matchChatMessages).values(values).returning();
      return row!;
    },

    /** Marks the message removed unless it already is; answers the row, or null when it was. */
    async softDelete(id: string, by: string, at: Date, tx: Executor): Promise<ChatMessageRow | null> {
      const rows = await tx
        .update(matchChatMessages)
        .set({ deletedAt: at, deletedBy: by })
        .where(and(eq(matchChatMessages.id, id), isNull(matchChatMessages.deletedAt)))
        .returning();
      return rows[0] ?? null;
    },

    async authors(userIds: readonly string[], tx: Executor = db): Promise<Map<string, ChatAuthor>> {
      const list = ids(userIds);
      if (list.length === 0) return new Map();
      const rows = await tx
        .select({ id: users.id, name: users.username, permissions: users.permissions })
        .from(users)
        .where(inArray(users.id, list));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
