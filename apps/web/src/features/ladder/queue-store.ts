import type { QueueScreenInput, QueueStatus } from '@cwh/domain';
import { useSyncExternalStore } from 'react';
import { getSession, updateSession } from '../session/session-store';

/** Ladder queue state of this tab: the spec's queueStatus (kept in the session too) and UI flags. */
export interface QueueState {
  status: QueueStatus;
  /** Epoch ms when the team joined (for the elapsed time); null when not queued. */
  joinedAt: number | null;
  selectOpen: boolean;
  busy: boolean;
  /** A join call of this tab is in flight (a found notice may beat its response). */
  joining: boolean;
  /** Spec 2 showQueueButton for this session, decided by the ladder controller. */
  available: boolean;
  /** The captain's roster the queue calls use. */
  rosterId: string | null;
  /** The roster's queue entry as the server last told it (how it ended, its rematch wait). */
  entry: QueueScreenInput['entry'];
  /** The accepted match of the entry, once read (the bar shows it instead of Find Match). */
  match: QueueScreenInput['match'];
  /** Bumped by every change: a status check that answers after a change of this tab is dropped. */
  revision: number;
}

const INITIAL: QueueState = {
  status: 'none',
  joinedAt: null,
  selectOpen: false,
  busy: false,
  joining: false,
  available: false,
  rosterId: null,
  entry: null,
  match: null,
  revision: 0,
};
let state: QueueState = INITIAL;
const listeners = new Set<() => void>();

export function getQueueState(): QueueState {
  return state;
}

export function updateQueue(patch: Partial<QueueState>): void {
  const next = { ...state, ...patch, revision: state.revision + 1 };
  if (next.status === 'none') next.joinedAt = null;
  else if (next.joinedAt == null) next.joinedAt = Date.now();
  state = next;
  if (getSession().queueStatus !== next.status) updateSession({ queueStatus: next.status });
  for (const listener of listeners) listener();
}

export function setQueueStatus(status: QueueStatus, joinedAt?: number | null): void {
  updateQueue(joinedAt === undefined ? { status } : { status, joinedAt });
}

export function resetQueue(): void {
  state = { ...INITIAL, revision: state.revision + 1 };
  for (const listener of listeners) listener();
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useQueue(): QueueState {
  return useSyncExternalStore(subscribeQueue, getQueueState, getQueueState);
}
