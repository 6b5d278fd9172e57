import type { GameAdapter } from './game-adapter.js';
import { GameAdapterError } from './game-adapter-error.js';

/** For handlers that simply refuse a bad token: turns status 'invalid' into an invalid_token error. */
export async function assertPlayerToken(
  adapter: GameAdapter,
  playerTag: string,
  apiToken: string,
): Promise<void> {
  const { status } = await adapter.verifyPlayerToken(playerTag, apiToken);
  if (status !== 'ok') {
    throw new GameAdapterError('invalid_token', `The API token does not belong to player ${playerTag}`);
  }
}
