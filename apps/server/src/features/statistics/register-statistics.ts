import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { startPeriodicLoop } from '../../lib/periodic-loop.js';
import { statisticsRoutes } from './statistics-routes.js';
import { countUncountedSeries } from './statistics-sync.js';

/** Series the sweeper counts per pass, and how often it looks. */
const SWEEP_BATCH = 200;
const SWEEP_INTERVAL_MS = 30_000;

/**
 * The statistics routes, and the sweeper that counts finished series no result hook saw (seeded
 * results, results from before the statistics existed). Results recorded through the hub are
 * counted in their own transaction (`syncSeriesStatistics`), so the sweeper finds nothing then.
 */
export async function registerStatistics(app: FastifyInstance, db: Db, now: () => Date): Promise<void> {
  await app.register(statisticsRoutes(db, now), { prefix: API.tournaments });
  const loop = startPeriodicLoop(
    async () => {
      const counted = await countUncountedSeries(db, SWEEP_BATCH);
      if (counted > 0) app.readCache.invalidateResults();
      if (counted === SWEEP_BATCH) loop.tick();
    },
    SWEEP_INTERVAL_MS,
    (error) => app.log.warn({ err: error }, 'statistics: sweep failed'),
  );
  app.addHook('onReady', async () => loop.tick());
  app.addHook('onClose', async () => loop.stop());
}
