import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';
import type { Database } from './client.js';

// Arbitrary constant shared by every instance: only one of them migrates at a time.
const MIGRATION_LOCK_KEY = 727_001;

/** Applies the drizzle-kit SQL migrations with the migrator of the driver in use. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (database.driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.driver.client }), { migrationsFolder });
    return;
  }
  // Several app instances may start together; an advisory lock on one dedicated connection
  // serialises them (session locks need the same connection, hence not the pool).
  const client = new pg.Client({ connectionString: database.driver.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
