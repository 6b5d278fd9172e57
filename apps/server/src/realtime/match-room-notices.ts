import type { MATCH_CHAT_EVENT, MatchChatEventData, MatchChatNoticeType } from '@cwh/contract';
import type { Executor } from '../db/client.js';
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
 * No match room: the seeds build series before any app exists, so they post no notices and push
 * nothing (the ladder's default when it is given no poster).
 */
export const NO_MATCH_ROOM: MatchRoomNoticePoster = { post: async () => [], send: () => {} };

/**
 * Posts a system notice in the series' chat room inside `tx` (the caller's transaction: the notice
 * commits or rolls back with the event it tells of) and answers the pushes, for a caller that
 * collects socket notices to send after its commit (the ladder's `commit`). The poster is the match
 * room's, handed at composition (app.ts): the features where the events happen (check-ins, wars,
 * results) sit below or beside the match room and do not import it.
 */
export async function systemNoticeUpdates(
  poster: MatchRoomNoticePoster,
  notice: MatchRoomNotice,
  tx: Executor,
): Promise<MatchRoomUpdate[]> {
  return poster.post(notice, tx);
}

/** `systemNoticeUpdates` for a caller without a notice list: run the answer after the commit. */
export async function postSystemNotice(
  poster: MatchRoomNoticePoster,
  notice: MatchRoomNotice,
  tx: Executor,
): Promise<AfterCommit> {
  const updates = await poster.post(notice, tx);
  return () => poster.send(updates);
}
