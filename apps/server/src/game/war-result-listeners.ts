import type { Unsubscribe, WarResult, WarResultListener } from './game-adapter.js';

export interface WarResultListeners {
  subscribe(listener: WarResultListener): Unsubscribe;
  /**
   * Delivers to every listener and waits for all of them. One failing listener must not stop the
   * others from recording the result, so failures are collected and returned, not thrown.
   */
  emit(result: WarResult): Promise<unknown[]>;
  readonly size: number;
}

/** Shared by adapter implementations that can report war results. */
export function createWarResultListeners(): WarResultListeners {
  const listeners = new Set<WarResultListener>();
  return {
    subscribe(listener) {
      // Wrapped so the same function subscribed twice gets two independent subscriptions.
      const entry: WarResultListener = (result) => listener(result);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    async emit(result) {
      const settled = await Promise.allSettled([...listeners].map(async (listener) => listener(result)));
      return settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    },
    get size() {
      return listeners.size;
    },
  };
}
