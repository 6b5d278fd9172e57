import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseKind, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export function availableDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, for PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database: in-memory PGlite, or a new `cwh_test_<random>` PostgreSQL database. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cwh_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  await runMigrations(database);
  return {
    database,
    dispose: async () => {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
