import { SIMULATOR_API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { GameAdapter } from '../../game/index.js';
import type { DbSimGame } from '../../game/simulated/db-sim-game.js';
import { startPeriodicLoop } from '../../lib/periodic-loop.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import type { LadderService } from '../ladder/ladder-service.js';
import type { DemoConfig } from './demo-config.js';
import { createDemoDriver, type DemoDriver } from './demo-driver.js';
import { demoRoutes } from './demo-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo bots, when they run (DEMO_BOTS, demo seed, simulated game); else null. */
    demo: DemoDriver | null;
  }
}

export interface DemoDeps {
  config: DemoConfig;
  /** The demo seed is on (SEED_DEMO, default with the embedded database). */
  seedDemo: boolean;
  /** The ladder's workers run on this instance (the bots run where the matchmaker runs). */
  workers: boolean;
  ladder: LadderService;
  game: GameAdapter;
  sim: DbSimGame | null;
  brackets: BracketsDeps;
}

/**
 * The demo bots (features/demo): a periodic loop on the instance that runs the ladder workers,
 * only with the demo seed and the simulated game, unless DEMO_BOTS=false.
 */
export async function registerDemo(app: FastifyInstance, deps: DemoDeps): Promise<void> {
  const on = deps.config.enabled && deps.seedDemo && deps.sim !== null && deps.workers;
  if (!on || !deps.sim) {
    app.decorate('demo', null);
    if (deps.sim) await app.register(demoRoutes(null), { prefix: SIMULATOR_API });
    return;
  }
  const driver = createDemoDriver({
    db: app.database.db,
    ladder: deps.ladder,
    game: deps.game,
    sim: deps.sim,
    brackets: deps.brackets,
    now: app.now,
    kick: () => app.ladder.workers?.kick(),
    pace: deps.config.pace,
    log: app.log,
  });
  app.decorate('demo', driver);
  await app.register(demoRoutes(driver), { prefix: SIMULATOR_API });
  let loop: ReturnType<typeof startPeriodicLoop> | null = null;
  app.addHook('onReady', () => {
    loop = startPeriodicLoop(
      () => driver.step(),
      deps.config.intervalMs,
      (error) => app.log.warn({ err: error }, 'demo bots: step failed'),
    );
  });
  app.addHook('preClose', async () => {
    await loop?.stop();
  });
}
