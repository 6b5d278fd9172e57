import { inject } from 'vitest';
import type { RunningServer } from './server-process.js';

/**
 * A hub of this spec's own (fresh embedded database, demo seed; `env` on top of the default
 * configuration), taken from the global setup's pool (server-pool.ts), where the default one was
 * started ahead of time; `again: true` asks for another hub of the same `env` to be started ahead,
 * for the spec's next taker. `stop()` gives it back, and the pool stops it.
 */
export async function freshServer(
  env: Record<string, string> = {},
  options: { again?: boolean } = {},
): Promise<RunningServer> {
  const pool = inject('serverPool');
  const response = await fetch(`${pool}/take`, {
    method: 'POST',
    body: JSON.stringify({ env, again: options.again === true }),
  });
  if (!response.ok) throw new Error(`the server pool could not start a hub: ${await response.text()}`);
  const { baseURL, dataDir } = (await response.json()) as { baseURL: string; dataDir: string };
  return {
    baseURL,
    dataDir,
    async stop() {
      await fetch(`${pool}/give-back`, { method: 'POST', body: baseURL });
    },
  };
}
