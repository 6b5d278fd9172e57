import * as z from './safe-zod.js';
import {
  MATCH_SERIES_FINISHED_EVENT,
  MATCH_UP_ACCEPTED_EVENT,
  MATCH_UP_DECLINED_EVENT,
  MATCH_UP_FOUND_EVENT,
} from './socket-events.js';

// Payload schemas of the match server socket; the message and event names are in socket-events.ts
// (zod-free, `@cwh/contract/constants`).

export const socketUserMessage = z.object({
  userId: z.string().min(1).max(100),
  token: z.string().min(1).max(500),
});
export type SocketUserMessage = z.infer<typeof socketUserMessage>;
export const socketHandshakeAuth = z.object({ token: z.string().min(1).max(500).optional() });

export const socketUserAck = z.union([
  z.object({ ok: z.literal(true), userId: z.string() }),
  z.object({ ok: z.literal(false), code: z.enum(['UNAUTHENTICATED', 'USER_MISMATCH', 'VALIDATION_FAILED']) }),
]);
export type SocketUserAck = z.infer<typeof socketUserAck>;

/** Sent to both captains (roster owners) when a pairing is found. */
export const matchUpFoundData = z.object({ id: z.string() });
/**
 * `accepted`: sent to both captains when BOTH accepted; matchSeries is the created series.
 * One side accepting alone sends nothing to the other (the client refetches the match-up).
 */
export const matchUpAcceptedData = z.object({ id: z.string(), matchSeries: z.object({ id: z.string() }) });
/**
 * `declined`: sent to both captains when a side declines or the window expires; matchSeries is
 * null (no series is created); `reason` says which, `requeued` lists the roster ids back in the queue.
 */
export const matchUpDeclinedData = z.object({
  id: z.string(),
  matchSeries: z.null(),
  reason: z.enum(['declined', 'expired']),
  requeuedRosterIds: z.array(z.string()),
});
/** Sent to both captains when the war result is in (finished series). */
export const matchSeriesFinishedData = z.object({ matchSeries: z.object({ id: z.string() }) });

export interface SocketUpdateMap {
  [MATCH_UP_FOUND_EVENT]: z.infer<typeof matchUpFoundData>;
  [MATCH_UP_ACCEPTED_EVENT]: z.infer<typeof matchUpAcceptedData>;
  [MATCH_UP_DECLINED_EVENT]: z.infer<typeof matchUpDeclinedData>;
  [MATCH_SERIES_FINISHED_EVENT]: z.infer<typeof matchSeriesFinishedData>;
}
export type SocketUpdateEvent = keyof SocketUpdateMap;
/** Payload of every `update` message. */
export type SocketUpdate = {
  [E in SocketUpdateEvent]: { event: E; data: SocketUpdateMap[E] };
}[SocketUpdateEvent];
