import { startPeriodicLoop } from '../../lib/periodic-loop.js';
import type { LadderService } from './ladder-service.js';

export interface LadderWorkers {
  /** Runs a matchmaking tick as soon as possible. */
  kick(): void;
  /**
   * Newcomer-first matching of one just-joined entry (in the background; errors are logged).
   * `startedAt` (performance.now() when the join request arrived): a pairing reports its join → found.
   * Several joins committed in one turn of the event loop (a burst) are paired by one tick instead.
   */
  newcomer(entryId: string, startedAt?: number): void;
  stop(): Promise<void>;
}

/**
 * Newcomer matching after each join, the matchmaker tick (every MATCHMAKING_INTERVAL_MS: the safety
 * net that pairs what newcomer matching could not, as bands widen) and the sweeper (every
 * SWEEP_INTERVAL_MS) run on every instance; database locks make them safe side by side.
 * A loop never overlaps itself; a kick during a tick runs one more tick right after.
 *
 * Newcomers are gathered per turn of the event loop (sent on `setImmediate`, as db/batch-loader.ts
 * does): a lone join gets its own newcomer matching (two statements, the lowest latency); two or
 * more joins of one turn kick the tick instead, which pairs the whole queue in one pass (a handful
 * of statements for any number of joins, where newcomer matching would take two each and contend
 * for the same partners). A tick that cannot take a queue's lock (another instance holds it) leaves
 * those joins to the next tick, MATCHMAKING_INTERVAL_MS later at most.
 */
export function startLadderWorkers(
  service: LadderService,
  options: {
    matchmakingIntervalMs: number;
    sweepIntervalMs: number;
    onError: (error: unknown, what: string) => void;
    /** A newcomer was paired: milliseconds from its join request to the notices sent. */
    onNewcomerFound?: (ms: number) => void;
    /** Joins of one turn handed to the tick together (their number). */
    onNewcomersBatched?: (count: number) => void;
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
  let gathered: { entryId: string; startedAt: number | undefined }[] = [];
  function matchGathered() {
    const batch = gathered;
    gathered = [];
    if (stopped) return;
    if (batch.length > 1) {
      options.onNewcomersBatched?.(batch.length);
      matchmaker.tick();
    } else if (batch[0]) matchNewcomer(batch[0].entryId, batch[0].startedAt);
  }
  function matchNewcomer(entryId: string, startedAt: number | undefined) {
    const run: Promise<void> = service
      .newcomerOutcome(entryId)
      .then(
        ({ matchUpId, contended }) => {
          // newcomerOutcome returns after its commit sent the notices.
          if (matchUpId && startedAt !== undefined) options.onNewcomerFound?.(performance.now() - startedAt);
          // Its partner went to another newcomer: the tick pairs what is left, now.
          if (contended && !stopped) matchmaker.tick();
        },
        (error) => {
          if (!stopped) options.onError(error, 'newcomer matching');
        },
      )
      .finally(() => newcomers.delete(run));
    newcomers.add(run);
  }
  return {
    kick: () => matchmaker.tick(),
    newcomer(entryId, startedAt) {
      if (stopped) return;
      gathered.push({ entryId, startedAt });
      if (gathered.length === 1) setImmediate(matchGathered);
    },
    async stop() {
      // Joins gathered for this turn are matched before the workers stop.
      matchGathered();
      stopped = true;
      await Promise.all([matchmaker.stop(), sweeper.stop(), ...newcomers]);
    },
  };
}
