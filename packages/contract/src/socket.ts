import { z } from 'zod';

/**
 * Match server socket at `/{tenant}/frontend` (websocket only). The socket says "something changed";
 * clients refetch over HTTP.
 *
 * Binding a socket to a user: either pass the bearer access token in the handshake
 * (`io(url, {auth: {token}})`) — the socket joins the token's user room on connect — or emit
 * `user` with `{userId, token}` on connect and reconnect. The token must belong to that user,
 * otherwise the server answers `user_error` and the socket joins nothing. A bare user id (the old
 * client) is ignored.
 */
export const SOCKET_USER_MESSAGE = 'user';
export const SOCKET_UPDATE_MESSAGE = 'update';
/** Sent back after a `user` message: `{ok: true, userId}` or `{ok: false, code}`. */
export const SOCKET_USER_ACK_MESSAGE = 'user_ack';

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

export const MATCH_UP_FOUND_EVENT = 'matches:match_up_found';
export const MATCH_UP_ACCEPTED_EVENT = 'matches:match_up_accepted';
export const MATCH_UP_DECLINED_EVENT = 'matches:match_up_declined';
export const MATCH_SERIES_FINISHED_EVENT = 'matches:match_series_finished';

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
