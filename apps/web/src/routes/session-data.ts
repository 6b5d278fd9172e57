import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { findLadderSegment, type LadderSegment } from '../features/events/ladder-segment';
import { initialLoadDone } from '../features/session/initial-load';
import { getSession, type SessionState, subscribeSession } from '../features/session/session-store';
import { type Loadable, settle } from '../lib/loadable';

/** The team's roster as the pages about standings and the chat group name it. */
export const rosterIdOf = (session: SessionState) => session.roster?.id ?? session.middlewareRosterId ?? null;

/** The parts of the session the loaders read: a change of any of them makes their data stale. */
const loaderInputs = (session: SessionState) =>
  [session.status, session.activeEventId, session.activeSegmentId, rosterIdOf(session)].join('|');

/** What the loaders last read (null: none has read the session yet). */
let lastRead: string | null = null;

/**
 * The page came with the server's data (main.tsx hydrates a prerendered page), read with a visitor's
 * session, which is the session before the initial load: a different one after it reloads the data.
 */
export function markLoadersReadSession(): void {
  lastRead = loaderInputs(getSession());
}

/** The session once the initial load is done (see `initialLoadDone`). */
export async function sessionReady(): Promise<SessionState> {
  await initialLoadDone();
  const session = getSession();
  lastRead = loaderInputs(session);
  return session;
}

/** The ladder segment of the session's event and stage (or the current championship's). */
export async function ladderOfSession(): Promise<Loadable<LadderSegment | null>> {
  const session = await sessionReady();
  return settle(findLadderSegment({ eventId: session.activeEventId, stageId: session.activeSegmentId }));
}

/**
 * Loaders read the session, which the router does not watch: rerun them when what they read
 * changes (sign-in, joining or leaving a team, another active segment). The comparison waits for
 * the end of a running initial load, whose intermediate states no loader sees, and is against what
 * the loaders last read, so the first visit does not load twice.
 */
export function useRevalidateOnSessionChange(): void {
  const { revalidate } = useRevalidator();
  useEffect(
    () =>
      subscribeSession(() => {
        void initialLoadDone().then(() => {
          const now = loaderInputs(getSession());
          if (lastRead === null || now === lastRead) return;
          lastRead = now;
          void revalidate();
        });
      }),
    [revalidate],
  );
}
