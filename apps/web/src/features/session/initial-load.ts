import { useSyncExternalStore } from 'react';

/**
 * Initial load of the user session (spec 4: pending, then done — done even on failure). `startSession`
 * runs the game-user lookup through `runInitialLoad`; pages that need the session wait for it.
 */
export type InitialLoadStatus = 'pending' | 'done';

let status: InitialLoadStatus = 'pending';
const listeners = new Set<() => void>();

function setStatus(next: InitialLoadStatus) {
  status = next;
  for (const listener of listeners) listener();
}

export async function runInitialLoad(task: () => Promise<void> = async () => {}): Promise<void> {
  setStatus('pending');
  try {
    await task();
  } finally {
    setStatus('done');
  }
}

export function useInitialLoadStatus(): InitialLoadStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    // The server renderer (entry-server.tsx) renders with the initial load done (a visitor's): hydration
    // reads the same, then the browser's own status.
    () => 'done',
  );
}

/**
 * Resolves once the initial load is done: route loaders that read the session (the team's segment,
 * its roster) start at navigation, which on the first visit is before the lookup has answered.
 */
export function initialLoadDone(): Promise<void> {
  if (status === 'done') return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      if (status !== 'done') return;
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}
