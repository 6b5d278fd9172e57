// Zod-free: part of `@cwh/contract/constants` (socket.ts holds the payload schemas).

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

/** Event names carried by `update` messages (payload schemas in socket.ts). */
export const MATCH_UP_FOUND_EVENT = 'matches:match_up_found';
export const MATCH_UP_ACCEPTED_EVENT = 'matches:match_up_accepted';
export const MATCH_UP_DECLINED_EVENT = 'matches:match_up_declined';
export const MATCH_SERIES_FINISHED_EVENT = 'matches:match_series_finished';
/** Missed match check-in: sent to both captains at the match time (payload in checkins.ts). */
export const MATCH_CHECK_IN_MISSED_EVENT = 'matches:check_in_missed';
/** Pick and ban: a challenge opened or took a step (payload in pickban.ts). */
export const PICKBAN_STEP_EVENT = 'pickban:challenge_updated';
/** Match chat: a message or notice posted, or a message removed (payload in match-chat.ts). */
export const MATCH_CHAT_EVENT = 'matches:chat_message';
/** A captain disputed a result or the organizer resolved the dispute (payload in disputes.ts). */
export const DISPUTE_UPDATED_EVENT = 'matches:dispute_updated';
/** A notice was written to the user's notice log (payload in notices.ts): sent to that user only. */
export const NOTICE_CREATED_EVENT = 'notices:notice_created';
