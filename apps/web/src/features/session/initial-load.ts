import { useSyncExternalStore } from 'react';

/**
 * Initial load of the user session (spec 4: pending, then done — done even on failure). The
 * session issue plugs the game-user lookup in through `runInitialLoad`; until then it is done at once.
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
  );
}
