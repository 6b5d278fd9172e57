import { startPeriodicLoop } from '../../lib/periodic-loop.js';
import type { LadderService } from './ladder-service.js';

export interface LadderWorkers {
  /** Runs a matchmaking tick as soon as possible. */
  kick(): void;
  /**
   * Newcomer-first matching of one just-joined entry (in the background; errors are logged).
   * `startedAt` (performance.now() when the join request arrived): a pairing reports its join → found.
   */
  newcomer(entryId: string, startedAt?: number): void;
  stop(): Promise<void>;
}

/**
 * Newcomer matching after each join, the matchmaker tick (every MATCHMAKING_INTERVAL_MS: the safety
 * net that pairs what newcomer matching could not, as bands widen) and the sweeper (every
 * SWEEP_INTERVAL_MS) run on every instance; database locks make them safe side by side.
 * A loop never overlaps itself; a kick during a tick runs one more tick right after.
 */
export function startLadderWorkers(
  service: LadderService,
  options: {
    matchmakingIntervalMs: number;
    sweepIntervalMs: number;
    onError: (error: unknown, what: string) => void;
    /** A newcomer was paired: milliseconds from its join request to the notices sent. */
    onNewcomerFound?: (ms: number) => void;
  },
): LadderWorkers {
  let stopped = false;
  const loop = (what: string, run: () => Promise<unknown>, intervalMs: number) =>
    startPeriodicLoop(run, intervalMs, (error) => {
      if (!stopped) options.onError(error, what);
    });
  const matchmaker = loop('matchmaking', () => service.matchmake(), options.matchmakingIntervalMs);
  const sweeper = loop('sweeper', () => service.sweep(), options.sweepIntervalMs);
  const newcomers = new Set<Promise<void>>();
  return {
    kick: () => matchmaker.tick(),
    newcomer(entryId, startedAt) {
      if (stopped) return;
      const run: Promise<void> = service
        .newcomerOutcome(entryId)
        .then(
          ({ matchUpId, contended }) => {
            // newcomerOutcome returns after its commit sent the notices.
            if (matchUpId && startedAt !== undefined)
              options.onNewcomerFound?.(performance.now() - startedAt);
            // Its partner went to another newcomer: the tick pairs what is left, now.
            if (contended && !stopped) matchmaker.tick();
          },
          (error) => {
            if (!stopped) options.onError(error, 'newcomer matching');
          },
        )
        .finally(() => newcomers.delete(run));
      newcomers.add(run);
    },
    async stop() {
      stopped = true;
      await Promise.all([matchmaker.stop(), sweeper.stop(), ...newcomers]);
    },
  };
}
