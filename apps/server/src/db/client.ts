import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from './pool-size.js';
import * as schema from './schema/index.js';
import { DEFAULT_STATEMENT_CACHE_SIZE, nameRepeatedStatements } from './statement-cache.js';
import { retryTransactions } from './transaction-retry.js';

/** One Drizzle type for both drivers: repositories never know which engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What repositories accept as their optional last argument. */
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw driver, needed only by the migrator. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; undefined means in-memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * PostgreSQL only: statement texts named (prepared once per connection) from their second run;
   * 0 turns it off (the statements `prepared.ts` names stay named).
   * Default DEFAULT_STATEMENT_CACHE_SIZE (statement-cache.ts).
   */
  statementCacheSize?: number;
  /**
   * PGlite only: start from this dump of a data directory (PGlite's `dumpDataDir` tarball) instead
   * of an empty one. The tests start from a migrated snapshot: loading it takes a quarter of what
   * booting an empty PGlite and migrating it takes.
   */
  snapshot?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url)
    return openPostgres(
      options.url,
      options.poolSize ?? DEFAULT_POOL_SIZE,
      options.statementCacheSize ?? DEFAULT_STATEMENT_CACHE_SIZE,
    );
  return openPglite(options.dataDir, options.snapshot);
}

async function openPostgres(url: string, max: number, statementCacheSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  nameRepeatedStatements(pool, statementCacheSize);
  // An idle client error (e.g. the server restarting) must not crash the process; the next query retries.
  pool.on('error', () => {});
  const db = retryTransactions(drizzleNodePg({ client: pool, schema }) as unknown as Db);
  return {
    kind: 'postgres',
    db,
    driver: { kind: 'postgres', pool, url },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const options = snapshot ? { loadDataDir: snapshot } : {};
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const db = retryTransactions(drizzlePglite({ client, schema }) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    driver: { kind: 'pglite', client },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
