import type { MATCH_CHAT_EVENT, MatchChatEventData, MatchChatNoticeType } from '@cwh/contract';
import type { Db, Executor } from '../db/client.js';
import type { AfterCommit } from '../lib/transaction-hooks.js';

/** A system notice of a match series' chat room: check-in, pick and ban step, war started, result. */
export interface MatchRoomNotice {
  matchSeriesId: string;
  type: MatchChatNoticeType;
  params?: Record<string, string | number | null>;
}

/** A socket `update` of the room to one member, to send once the notice committed. */
export interface MatchRoomUpdate {
  tenant: string;
  userId: string | null;
  event: typeof MATCH_CHAT_EVENT;
  data: MatchChatEventData;
}

/** The match room's side: writes a notice in `tx` (answers the pushes to make), and sends pushes. */
export interface MatchRoomNoticePoster {
  post: (notice: MatchRoomNotice, tx: Executor) => Promise<MatchRoomUpdate[]>;
  send: (updates: readonly MatchRoomUpdate[]) => void;
}

/**
 * The match chat's notice posters of the running apps, by database. The features where the events
 * happen (check-ins, wars, results) sit below or beside the match room, so they call the functions
 * here instead of importing it; the match room registers its poster at start. Every app on a
 * database writes the same table, so any will do; a database no app runs on (the seed) posts
 * nothing.
 */
const posters = new WeakMap<object, Set<MatchRoomNoticePoster>>();

export function registerMatchRoomNoticePoster(db: Db, poster: MatchRoomNoticePoster): () => void {
  const set = posters.get(db) ?? new Set<MatchRoomNoticePoster>();
  posters.set(db, set);
  set.add(poster);
  return () => set.delete(poster);
}

const posterOf = (db: Db) => [...(posters.get(db) ?? [])][0];

/**
 * Posts a system notice in the series' chat room inside `tx` (the caller's transaction: the notice
 * commits or rolls back with the event it tells of) and answers the pushes, for a caller that
 * collects socket notices to send after its commit (the ladder's `commit`).
 */
export async function systemNoticeUpdates(
  db: Db,
  notice: MatchRoomNotice,
  tx: Executor,
): Promise<MatchRoomUpdate[]> {
  const poster = posterOf(db);
  return poster ? poster.post(notice, tx) : [];
}

/** `systemNoticeUpdates` for a caller without a notice list: run the answer after the commit. */
export async function postSystemNotice(
  db: Db,
  notice: MatchRoomNotice,
  tx: Executor = db,
): Promise<AfterCommit> {
  const poster = posterOf(db);
  if (!poster) return () => {};
  const updates = await poster.post(notice, tx);
  return () => poster.send(updates);
}
