import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Captain } from '../../apps/server/test/ladder/ladder-fixtures.js';
import type { BenchDatabase } from '../lib/server.js';
import type { Options } from './queue-bench-types.js';

/** The floor server's script (absolute: the bench starts servers from apps/server). */
export const FLOOR_SCRIPT = fileURLToPath(new URL('./floor-server.ts', import.meta.url));

/**
 * `queue --floor`: no database; synthetic captains written to a file the floor server reads, with
 * the pairs the hub's bench arranges by points (joiner k with waiting roster k) given outright.
 */
export function floorTarget(o: Options): { bench: BenchDatabase; captains: Captain[] } {
  const dir = mkdtempSync(join(tmpdir(), 'cwh-floor-'));
  const captains: Captain[] = Array.from({ length: o.captains }, (_, index) => ({
    index,
    userId: randomUUID(),
    token: randomBytes(24).toString('base64url'),
    rosterId: randomUUID(),
    clanTag: `#F${index}`,
    playerTags: Array.from({ length: 5 }, (_, j) => `#F${index}P${j}`),
  }));
  const waiting = captains.slice(0, o.waiting);
  const partnerOf = Object.fromEntries(
    captains.slice(o.waiting, o.waiting * 2).map((joiner, k) => [joiner.rosterId, waiting[k]!.rosterId]),
  );
  const path = join(dir, 'captains.json');
  writeFileSync(
    path,
    JSON.stringify({
      captains: captains.map(({ token, userId, rosterId }) => ({ token, userId, rosterId })),
      partnerOf,
      waiting: waiting.map((c) => c.rosterId),
    }),
  );
  return {
    captains,
    bench: {
      kind: 'postgres',
      env: { FLOOR_CAPTAINS: path },
      label: 'floor (Fastify + socket.io, no database)',
      backendPids: async () => [],
      open: () => Promise.reject(new Error('the floor has no database')),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    },
  };
}
