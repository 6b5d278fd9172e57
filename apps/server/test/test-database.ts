import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { type Database, type DatabaseKind, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export function availableDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The servers some tests need, and the variable that points at each. */
export type TestService = 'postgres' | 'redis';
const SERVICE_VARIABLE: Record<TestService, string> = {
  postgres: 'TEST_DATABASE_URL',
  redis: 'TEST_REDIS_URL',
};

/**
 * Why tests that need these servers cannot run here (e.g. "needs TEST_DATABASE_URL"), or null when
 * they can. In CI a missing server is an error, never a skip: CI must run every variant.
 */
export function missingServices(services: readonly TestService[]): string | null {
  const missing = services.map((s) => SERVICE_VARIABLE[s]).filter((name) => !process.env[name]);
  if (missing.length === 0) return null;
  if (process.env.CI) {
    throw new Error(`CI must run every test: set ${missing.join(' and ')} (PostgreSQL and Redis run in CI)`);
  }
  return `needs ${missing.join(' and ')}`;
}

/**
 * `describe` for tests that need real servers: skipped with the reason in its title when a server
 * is not configured (so the skip shows in the report), a failure in CI.
 */
export function describeNeeding(services: readonly TestService[], title: string, fn: () => void): void {
  const missing = missingServices(services);
  if (missing) describe.skip(`${title} (skipped: ${missing})`, fn);
  else describe(title, fn);
}

/**
 * `describe` once per database kind (`%s` in the title is the kind): PGlite always, PostgreSQL
 * when TEST_DATABASE_URL is set; otherwise the PostgreSQL variant shows as skipped with the reason.
 */
export function describeEachKind(title: string, fn: (kind: DatabaseKind) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    const name = title.replace('%s', kind);
    if (kind === 'pglite') describe(name, () => fn(kind));
    else describeNeeding(['postgres'], name, () => fn(kind));
  }
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
