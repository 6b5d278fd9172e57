import type { Db } from '../db/client.js';
import type { GameAdapter } from './game-adapter.js';
import { CocApiClient } from './official/coc-api-client.js';
import { DbSimGame } from './simulated/db-sim-game.js';

export type GameMode = 'simulated' | 'official';

export interface GameAdapterConfig {
  gameMode: GameMode;
  cocApiKey: string | undefined;
  cocApiBaseUrl: string | undefined;
  /** Throttling per key of COC_API_KEY (config.ts warPoll). */
  warPoll?: { requestsPerSecondPerKey: number };
}

export type CreatedGameAdapter =
  | { kind: 'simulated'; adapter: DbSimGame }
  | { kind: 'official'; adapter: GameAdapter };

/**
 * GAME_MODE=simulated (default): the database-backed simulated game, its tables seeded with the
 * missing dataset rows. GAME_MODE=official: the Clash of Clans API with COC_API_KEY.
 */
export async function createGameAdapter(
  config: GameAdapterConfig,
  db: Db,
  now: () => Date,
): Promise<CreatedGameAdapter> {
  if (config.gameMode === 'official') {
    if (!config.cocApiKey) throw new Error('GAME_MODE=official needs COC_API_KEY');
    const client = new CocApiClient({
      apiKey: config.cocApiKey,
      requestsPerSecondPerKey: config.warPoll?.requestsPerSecondPerKey ?? 0,
      ...(config.cocApiBaseUrl ? { baseUrl: config.cocApiBaseUrl } : {}),
    });
    return { kind: 'official', adapter: client };
  }
  const sim = new DbSimGame(db, now);
  await sim.repository.seed();
  return { kind: 'simulated', adapter: sim };
}
