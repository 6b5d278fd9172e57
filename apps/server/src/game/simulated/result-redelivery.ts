import { startPeriodicLoop } from '../../lib/periodic-loop.js';
import type { DbSimGame, RedeliveryReport } from './db-sim-game.js';

export interface ResultRedelivery {
  /** Runs a redelivery pass as soon as possible. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Runs `sim.redeliverResults()` every `intervalMs` on this instance (every instance runs one; the
 * claim with `FOR UPDATE SKIP LOCKED` keeps them apart). Like the ladder workers: a pass never
 * overlaps itself, a kick during a pass runs one more right after, `stop` waits for the running pass
 * (`startPeriodicLoop`).
 */
export function startResultRedelivery(
  sim: Pick<DbSimGame, 'redeliverResults'>,
  options: {
    intervalMs: number;
    onReport?: (report: RedeliveryReport) => void;
    onError: (error: unknown) => void;
  },
): ResultRedelivery {
  const loop = startPeriodicLoop(
    async () => {
      const report = await sim.redeliverResults();
      if (report.claimed > 0) options.onReport?.(report);
    },
    options.intervalMs,
    options.onError,
  );
  return { kick: loop.tick, stop: loop.stop };
}
