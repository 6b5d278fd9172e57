import { API, SIMULATOR_API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { GameAdapter } from '../../game/index.js';
import type { DbSimGame } from '../../game/simulated/db-sim-game.js';
import type { LadderService } from '../ladder/ladder-service.js';
import type { SeriesCreatedHook } from '../ladder/register-ladder.js';
import { registerOfficialWar } from './register-official-war.js';
import { simWarRoutes } from './sim-war-routes.js';
import { warRoutes } from './war-routes.js';

export interface WarDeps {
  ladder: LadderService;
  game: GameAdapter;
  /** The simulated game when GAME_MODE=simulated: its wars are played out through the simulator API. */
  sim: DbSimGame | null;
  /** The ladder's series-created hooks: the official war poller adds its scheduling to them. */
  seriesCreatedHooks: SeriesCreatedHook[];
}

/** Wars of match series: /api/war/1.0, and the simulated wars under the simulator API. */
export async function registerWar(app: FastifyInstance, deps: WarDeps): Promise<void> {
  const poller = registerOfficialWar(app, deps.ladder, deps.game);
  if (poller) deps.seriesCreatedHooks.push(poller.schedule);
  await app.register(warRoutes(deps.ladder, deps.game), { prefix: API.war });
  if (deps.sim) await app.register(simWarRoutes(deps.sim, deps.ladder), { prefix: SIMULATOR_API });
}
