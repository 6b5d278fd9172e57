export interface PeriodicLoop {
  /** Runs a pass as soon as possible (one more right after the running pass, if any). */
  tick(): void;
  /** No further pass starts; resolves once the running pass ended. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` (measured from the end of a pass). A pass never overlaps itself; a
 * `tick` during a pass runs one more right after it. Errors go to `onError` (not after `stop`).
 * Used by the ladder workers (matchmaker, sweeper) and the simulated game's result redelivery.
 */
export function startPeriodicLoop(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicLoop {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    running = run()
      .then(
        () => {},
        (error) => {
          if (!stopped) onError(error);
        },
      )
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
