import { type RealtimeClient, realtimeFor } from '../../lib/realtime';
import { getSession, type SessionState, subscribeSession } from './session-store';

type Open = (userId: string | null, token: string | null) => RealtimeClient | null;

/** The hub user the live connection belongs to: a signed-in session's user, once it has one. */
export function realtimeUserOf(session: SessionState): string | null {
  return session.status === 'signedIn' ? session.userId : null;
}

/**
 * The live connection follows the session: whenever the session gains a hub user (a sign-in, the
 * registration that creates the account, a switch of player) the connection is opened for it (a
 * previous user's is closed), and a refreshed token is handed to it. It does not wait for a page or
 * an overlay to ask: a match-found notice sent a second after the captain joined the queue finds
 * the socket already in the user's room. Started once, by main.tsx; returns the unsubscribe.
 */
export function bindRealtimeToSession(open: Open = realtimeFor): () => void {
  let userId: string | null | undefined;
  let token: string | null | undefined;
  const sync = () => {
    const session = getSession();
    const nextUser = realtimeUserOf(session);
    const nextToken = session.scToken?.value ?? null;
    if (nextUser === userId && nextToken === token) return;
    userId = nextUser;
    token = nextToken;
    open(nextUser, nextToken);
  };
  sync();
  return subscribeSession(sync);
}
