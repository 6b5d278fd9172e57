import { type ChatMessageResource, MATCH_CHAT_EVENT, type MatchChatRole } from '@cwh/contract';
import { hasRole } from '@cwh/domain';
import type { Db, Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { type RateLimiter, rateLimited } from '../../http/rate-limit.js';
import type { MatchRoomNotice, MatchRoomUpdate } from '../../realtime/match-room-notices.js';
import type { RecordActivity } from '../activity-log/audit.js';
import type { Notify } from '../ladder/ladder-notices.js';
import type { ChatAuthor, ChatMessageRow, ChatRepository, ChatRoomRow } from './chat-repository.js';

export interface ChatDeps {
  db: Db;
  repo: ChatRepository;
  notify: Notify;
  now: () => Date;
  /** Messages sent per user and window (MATCH_CHAT_RATE); tests swap the limiter. */
  rate: { limiter: RateLimiter; limit: number };
}

export interface ChatCaller {
  id: string;
  permissions: string[];
}

/** Refuses (403 FORBIDDEN) unless the caller organizes the event or is an admin (features/access). */
export type RequireOrganizer = (eventId: string) => Promise<unknown>;

/** The room of a live series in the tenant; 404 otherwise (a deleted series hides its room). */
async function roomOf(deps: ChatDeps, tenant: string, seriesId: string, tx?: Executor): Promise<ChatRoomRow> {
  const room = await deps.repo.room(seriesId, tx);
  if (!room || room.tenant !== tenant || room.deleted) {
    throw new DomainError('NOT_FOUND', `No match series with id ${seriesId}`);
  }
  return room;
}

async function isOrganizer(requireOrganizer: RequireOrganizer, eventId: string): Promise<boolean> {
  try {
    await requireOrganizer(eventId);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'FORBIDDEN') return false;
    throw error;
  }
}

/**
 * Who the caller is in the room: a captain (roster owner), a leader (team owner), or else an
 * organizer of the event or an admin; anyone else is refused (403). Moderators are the
 * organizers and admins, whatever else they are.
 */
async function membership(
  room: ChatRoomRow,
  caller: ChatCaller,
  requireOrganizer: RequireOrganizer,
): Promise<{ canModerate: boolean }> {
  const canModerate = await isOrganizer(requireOrganizer, room.eventId);
  const inTeam = room.captainIds.includes(caller.id) || room.leaderIds.includes(caller.id);
  if (!inTeam && !canModerate) throw new DomainError('FORBIDDEN', 'Not a member of this match room');
  return { canModerate };
}

function roleIn(room: ChatRoomRow, author: ChatAuthor | undefined): MatchChatRole | null {
  if (!author) return null;
  if (room.captainIds.includes(author.id)) return 'captain';
  if (room.leaderIds.includes(author.id)) return 'leader';
  return hasRole(author.permissions, 'admin') ? 'admin' : 'organizer';
}

/** A stored message as the API answers it: a removed one keeps no text. */
export function toChatResource(
  row: ChatMessageRow,
  room: ChatRoomRow,
  authors: ReadonlyMap<string, ChatAuthor>,
): ChatMessageResource {
  const author = row.userId ? authors.get(row.userId) : undefined;
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    type: 'chat-messages',
    attributes: {
      matchSeriesId: row.matchSeriesId,
      kind: row.kind,
      body: deleted || row.kind === 'system' ? null : row.body,
      notice:
        row.kind === 'system' && row.notice
          ? (row.notice as NonNullable<ChatMessageResource['attributes']['notice']>)
          : null,
      author: author ? { id: author.id, name: author.name, role: roleIn(room, author) } : null,
      deleted,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

/** The pushes of one message to the room: captains, leaders, the event's organizers (and the actor). */
function pushesOf(
  room: ChatRoomRow,
  message: ChatMessageResource,
  actorId: string | null,
): MatchRoomUpdate[] {
  const to = new Set([
    ...room.captainIds,
    ...room.leaderIds,
    ...room.organizerIds,
    ...(actorId ? [actorId] : []),
  ]);
  const data = { matchSeries: { id: room.id }, message };
  return [...to].map((userId) => ({ tenant: room.tenant, userId, event: MATCH_CHAT_EVENT, data }));
}

/** GET /history: a page of the room, newest first, older than `before` (a message of the room). */
export async function chatHistory(
  deps: ChatDeps,
  input: {
    tenant: string;
    caller: ChatCaller;
    matchSeriesId: string;
    before?: string | undefined;
    size: number;
  },
  requireOrganizer: RequireOrganizer,
) {
  const room = await roomOf(deps, input.tenant, input.matchSeriesId);
  const { canModerate } = await membership(room, input.caller, requireOrganizer);
  let before: ChatMessageRow | null = null;
  if (input.before) {
    before = await deps.repo.message(input.before);
    if (!before || before.matchSeriesId !== room.id) {
      throw new DomainError('VALIDATION_FAILED', 'page[before] is not a message of this room', {
        source: { parameter: 'page[before]' },
      });
    }
  }
  const rows = await deps.repo.page(room.id, before, input.size + 1);
  const page = rows.slice(0, input.size);
  const authors = await deps.repo.authors(page.flatMap((r) => (r.userId ? [r.userId] : [])));
  return {
    data: page.map((row) => toChatResource(row, room, authors)),
    hasMore: rows.length > input.size,
    canModerate,
  };
}

/**
 * POST /history: a member writes in the room. Checked in order: the room (404), membership (403),
 * the caller's rate (429, the refused message is not counted); then the message is stored and
 * pushed to the room. The text was validated by the contract (length, text only).
 */
export async function sendChatMessage(
  deps: ChatDeps,
  input: { tenant: string; caller: ChatCaller; matchSeriesId: string; body: string },
  requireOrganizer: RequireOrganizer,
): Promise<ChatMessageResource> {
  const room = await roomOf(deps, input.tenant, input.matchSeriesId);
  await membership(room, input.caller, requireOrganizer);
  const { limiter, limit } = deps.rate;
  const window = await limiter.hit(input.caller.id);
  if (window.count > limit) {
    await limiter.refund(input.caller.id);
    throw rateLimited('Too many messages; wait a moment', window);
  }
  const row = await deps.repo.insert({
    tenant: room.tenant,
    eventId: room.eventId,
    matchSeriesId: room.id,
    userId: input.caller.id,
    kind: 'user',
    body: input.body,
    createdAt: deps.now(),
  });
  const message = toChatResource(row, room, await deps.repo.authors([input.caller.id]));
  deps.notify(pushesOf(room, message, input.caller.id));
  return message;
}

/**
 * DELETE /history/{id}: an organizer of the event or an admin removes a member's message (soft),
 * with its activity-log entry in the same transaction. 404 unknown message or room, 403 not a
 * moderator, 409 a system notice or a message already removed; a refusal writes nothing.
 */
export async function removeChatMessage(
  deps: ChatDeps,
  input: { tenant: string; caller: ChatCaller; messageId: string },
  requireOrganizer: (eventId: string, tx: Executor) => Promise<unknown>,
  run: <T>(fn: (tx: Executor, record: RecordActivity) => Promise<T>) => Promise<T>,
): Promise<ChatMessageResource> {
  const { message, room } = await run(async (tx, record) => {
    const row = await deps.repo.message(input.messageId, tx, true);
    if (!row || row.tenant !== input.tenant) {
      throw new DomainError('NOT_FOUND', `No chat message with id ${input.messageId}`);
    }
    const room = await roomOf(deps, input.tenant, row.matchSeriesId, tx);
    await requireOrganizer(room.eventId, tx);
    if (row.kind === 'system') throw new DomainError('CONFLICT', 'A system notice cannot be removed');
    const removed = await deps.repo.softDelete(row.id, input.caller.id, deps.now(), tx);
    if (!removed) throw new DomainError('CONFLICT', 'The message was already removed');
    await record({
      action: 'match-chat.message.delete',
      targetType: 'chat-messages',
      targetId: row.id,
      eventId: room.eventId,
      before: { matchSeriesId: row.matchSeriesId, userId: row.userId, body: row.body },
      after: { deletedAt: removed.deletedAt, deletedBy: removed.deletedBy },
    });
    const authors = await deps.repo.authors(row.userId ? [row.userId] : [], tx);
    return { message: toChatResource(removed, room, authors), room };
  });
  deps.notify(pushesOf(room, message, input.caller.id));
  return message;
}

/** Writes a system notice in the series' room inside `tx`; answers its pushes (none: no room). */
export async function postChatNotice(
  deps: ChatDeps,
  notice: MatchRoomNotice,
  tx: Executor,
): Promise<MatchRoomUpdate[]> {
  const createdAt = deps.now();
  const body = { type: notice.type, params: notice.params ?? {} };
  const posted = await deps.repo.insertNotice(notice.matchSeriesId, body, createdAt, tx);
  if (!posted?.messageId) return [];
  const { room, messageId } = posted;
  const row: ChatMessageRow = {
    id: messageId,
    tenant: room.tenant,
    eventId: room.eventId,
    matchSeriesId: room.id,
    userId: null,
    kind: 'system',
    body: null,
    notice: body,
    createdAt,
    deletedAt: null,
    deletedBy: null,
  };
  return pushesOf(room, toChatResource(row, room, new Map()), null);
}
