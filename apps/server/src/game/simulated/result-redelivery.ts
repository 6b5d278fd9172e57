import type { DbSimGame, RedeliveryReport } from './db-sim-game.js';

export interface ResultRedelivery {
  /** Runs a redelivery pass as soon as possible. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Runs `sim.redeliverResults()` every `intervalMs` on this instance (every instance runs one; the
 * claim with `FOR UPDATE SKIP LOCKED` keeps them apart). Like the ladder workers: a pass never
 * overlaps itself, a kick during a pass runs one more right after, `stop` waits for the running pass.
 */
export function startResultRedelivery(
  sim: Pick<DbSimGame, 'redeliverResults'>,
  options: {
    intervalMs: number;
    onReport?: (report: RedeliveryReport) => void;
    onError: (error: unknown) => void;
  },
): ResultRedelivery {
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
    running = sim
      .redeliverResults()
      .then(
        (report) => {
          if (report.claimed > 0) options.onReport?.(report);
        },
        (error) => {
          if (!stopped) options.onError(error);
        },
      )
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, options.intervalMs);
  return {
    kick: tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
