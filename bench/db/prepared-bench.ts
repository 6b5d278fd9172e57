import { performance } from 'node:perf_hooks';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { preparedQuery } from '../../apps/server/src/db/prepared.js';
import { authTokens, users } from '../../apps/server/src/db/schema/index.js';
import { dbArg, intArg, loadavg, machine, parseArgs, writeResult } from '../lib/env.js';
import { createBenchDatabase } from '../lib/server.js';
import { table } from '../lib/stats.js';

/*
 * What a named prepared statement saves on the hottest read (apps/server/src/db/prepared.ts): the
 * hub-user access-token lookup (the half of the bearer lookup, player-repository's `findAnyAccess`,
 * that reads `auth_tokens`). The same query three ways, one at a time on one connection: built by
 * Drizzle on every call, prepared once with `preparedQuery` as the repositories do, and
 * node-postgres' bare `select 1` round trip (the floor). Wall and this process's CPU per call.
 */

async function perCall(calls: number, run: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(300, calls); i++) await run();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  const wallUs = ((performance.now() - started) * 1000) / calls;
  const used = process.cpuUsage(cpu);
  return { wallUs: Math.round(wallUs), cpuUs: Math.round((used.user + used.system) / calls) };
}

async function measure(database: Database, calls: number) {
  const db = database.db;
  const hash = 'no-such-token';
  const built = () =>
    db
      .select({ id: users.id, email: users.email, permissions: users.permissions })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, hash),
          eq(authTokens.kind, 'access'),
          gt(authTokens.expiresAt, new Date()),
          isNull(users.suspendedAt),
        ),
      )
      .limit(1);
  const prepared = preparedQuery(db, 'bench_find_access', (ex) =>
    ex
      .select({ id: users.id, email: users.email, permissions: users.permissions })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
          eq(authTokens.kind, 'access'),
          gt(authTokens.expiresAt, sql.placeholder('now')),
          isNull(users.suspendedAt),
        ),
      )
      .limit(1),
  );
  return {
    built: await perCall(calls, built),
    prepared: await perCall(calls, () => prepared().execute({ tokenHash: hash, now: new Date() })),
    floor: await perCall(calls, () => db.execute(sql`select 1`)),
  };
}

export async function preparedBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const calls = intArg(args, 'calls', 5_000);
  const m = machine();
  console.log(
    `prepared statements: the access-token lookup, ${calls} calls one at a time per way; ${m.cpus} cores, Node ${m.node}, loadavg ${m.loadavg}`,
  );
  const rows: string[][] = [['database', 'way', 'wall µs / call', 'CPU µs / call (this process)']];
  const results: Record<string, unknown> = {};
  for (const kind of dbArg(args, 'both')) {
    const bench = await createBenchDatabase(kind);
    const database = await bench.open();
    try {
      const { runMigrations } = await import('../../apps/server/src/db/migrate.js');
      await runMigrations(database);
      const figures = await measure(database, calls);
      results[kind] = figures;
      for (const [way, f] of Object.entries(figures)) {
        rows.push([kind, way, String(f.wallUs), String(f.cpuUs)]);
      }
    } finally {
      await database.close();
      await bench.dispose();
    }
  }
  console.log(table(rows));
  console.log(`loadavg after: ${loadavg()}`);
  console.log(`→ ${writeResult('prepared', { machine: m, calls, results })}`);
}
