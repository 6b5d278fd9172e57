import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject } from 'vitest';
import { type Database, type DatabaseKind, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { MIGRATIONS_DIR } from '../src/paths.js';
import { type DemoSeedOptions, seedDemo } from '../src/seed/demo-seed.js';
import { PGLITE_PARITY_FILES } from './pglite-parity.js';

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
    if (kind === 'postgres') describeNeeding(['postgres'], name, () => fn(kind));
    else if (runsOnPglite(expect.getState().testPath)) describe(name, () => fn(kind));
    else describe.skip(`${name} (skipped: ${PGLITE_SKIP_REASON})`, () => fn(kind));
  }
}

/**
 * With a PostgreSQL server (CI), the integration suite runs in full on PostgreSQL, the production
 * database, and on PGlite only the parity set (`pglite-parity.ts`: migrations, type round trips,
 * the seeds the embedded default runs, one journey per capability); the browser suite and the
 * season rehearsal run on PGlite as the embedded default does. Without a server every file runs on
 * PGlite; `TEST_PGLITE=all` runs every file on both.
 */
const PGLITE_SKIP_REASON = 'runs on PostgreSQL; PGlite runs the parity set, TEST_PGLITE=all runs every file';

export function runsOnPglite(testPath: string | undefined): boolean {
  if (!process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE === 'all') return true;
  if (!testPath) return true;
  const relative = testPath.replaceAll('\\', '/').split('/apps/server/test/').pop() ?? testPath;
  return PGLITE_PARITY_FILES.has(relative);
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

/** The installed PGlite's version (its package.json, next to the entry it resolves to). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const hashes = new Map<string, string>();

/** A hash of every migration file (and of `extra`): names the migrated snapshots below. Once per file. */
function migrationsHash(extra: string): string {
  const known = hashes.get(extra);
  if (known) return known;
  const hash = createHash('sha256').update(extra);
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(MIGRATIONS_DIR, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  const digest = hash.digest('hex').slice(0, 16);
  hashes.set(extra, digest);
  return digest;
}

/**
 * A migrated PGlite data directory, as PGlite dumps it, shared by every test file of every run with
 * the same migrations: booting an empty PGlite (its initdb) and migrating it takes ~2 s, loading
 * the dump ~0.5 s. The file is named by a hash of the migrations and the PGlite version, and written
 * under a temporary name then renamed, so workers building it at once never read half a file.
 */
async function migratedPgliteSnapshot(): Promise<Blob> {
  const path = join(tmpdir(), `cwh-test-pglite-${migrationsHash(pgliteVersion())}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    try {
      await runMigrations(database);
      if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await database.driver.client.dumpDataDir('none');
      const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
    } finally {
      await database.close();
    }
  }
  return new Blob([readFileSync(path)]);
}

/** Session advisory lock key of the template build (one builder per server at a time). */
const TEMPLATE_LOCK_KEY = 727_100;

/**
 * A migrated template database on the test server, named by the migrations' hash: a new test
 * database is a copy of it (CREATE DATABASE … TEMPLATE, ~0.1 s) instead of an empty one migrated
 * (~0.4 s). Built once per set of migrations, under an advisory lock, as `<name>_building` renamed
 * when complete: a build that died half way is dropped and started again, never copied.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `cwh_test_tpl_${migrationsHash('postgres')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ url: databaseUrl(adminUrl, building), poolSize: 1 });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
    return name;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The demo seed a test app starts from (harness.ts): its clock and the admin's credentials. */
export type TestSeed = Pick<DemoSeedOptions, 'now' | 'adminEmail' | 'adminPassword'>;

const SOURCE_ROOTS = ['../src', '../../../packages/domain/src', '../../../packages/contract/src'].map((dir) =>
  join(dirname(new URL(import.meta.url).pathname), dir),
);
let sourcesDigest: string | undefined;

/**
 * The seeded snapshots below are named by what the seed reads: its options and every source file of
 * the server, the domain and the contract (tests excluded), so an edited seed or repository makes a
 * new snapshot. Hashed once per worker (~700 files).
 */
function seedHash(seed: TestSeed, extra: string): string {
  if (!sourcesDigest) {
    const hash = createHash('sha256');
    for (const root of SOURCE_ROOTS) {
      for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        hash.update(file).update(readFileSync(join(root, file)));
      }
    }
    sourcesDigest = hash.digest('hex');
  }
  return createHash('sha256')
    .update(migrationsHash(extra))
    .update(sourcesDigest)
    .update(JSON.stringify([seed.now.toISOString(), seed.adminEmail, seed.adminPassword]))
    .digest('hex')
    .slice(0, 16);
}

const seed = (database: Database, options: TestSeed) =>
  seedDemo(database.db, {
    now: options.now,
    adminEmail: options.adminEmail,
    adminPassword: options.adminPassword,
  });

/**
 * PGlite, migrated AND seeded with the demo data (`seedDemo`, three scrypt hashes and ~200 upserts
 * per app otherwise): a dump in the temporary directory like the migrated one, named by seedHash.
 */
async function seededPgliteSnapshot(options: TestSeed): Promise<Blob> {
  const path = join(tmpdir(), `cwh-test-pglite-seeded-${seedHash(options, pgliteVersion())}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({ snapshot: await migratedPgliteSnapshot() });
    try {
      await seed(database, options);
      if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await database.driver.client.dumpDataDir('none');
      const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
      removeStaleSnapshots(path);
    } finally {
      await database.close();
    }
  }
  return new Blob([readFileSync(path)]);
}

/** Seeded dumps (~40 MB each) of other sources, untouched for an hour: every source edit makes a new one. */
function removeStaleSnapshots(keep: string): void {
  for (const file of readdirSync(tmpdir())) {
    const path = join(tmpdir(), file);
    if (!file.startsWith('cwh-test-pglite-seeded-') || path === keep) continue;
    try {
      if (statSync(path).mtimeMs < Date.now() - 3600_000) rmSync(path);
    } catch {
      // removed by another worker meanwhile
    }
  }
}

/**
 * A migrated and seeded template database, built like the migrated one (under the advisory lock, as
 * `<name>_building` renamed when complete). Seeded templates of other sources older than a day are
 * dropped when a new one is built, so edits do not pile them up on the server.
 */
async function seededTemplate(adminUrl: string, options: TestSeed): Promise<string> {
  const migrated = await migratedTemplate(adminUrl);
  const name = `cwh_test_seed_${seedHash(options, 'postgres')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building} TEMPLATE ${migrated}`);
      const database = await openDatabase({ url: fastUrl(databaseUrl(adminUrl, building)), poolSize: 1 });
      try {
        await seed(database, options);
      } finally {
        await database.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await client.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
      const old = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like 'cwh\\_test\\_seed\\_%' and datname <> $1
           and coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $2`,
        [name, Date.now() - 24 * 3600_000],
      );
      for (const { datname } of old.rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
      }
    }
    return name;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/**
 * Test connections commit without waiting for the WAL flush (`synchronous_commit=off`, a session
 * setting): a crash of the test server could lose the last commits of a throw-away database, which
 * nobody reads again; every commit of the suite no longer waits for an fsync.
 */
function fastUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', '-c synchronous_commit=off');
  return parsed.toString();
}

/**
 * Drops run in the background: `DROP DATABASE` waits for a checkpoint (~0.3 s on a quiet server, seconds
 * on a loaded one) and nothing waits for it. What a worker leaves when it exits is dropped by the
 * projects' global teardown (test/global-setup.ts), which finds this run's databases by their prefix.
 */
function dropInBackground(adminUrl: string, name: string): void {
  adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
}

/** This run's test databases are `cwh_test_<run>_<random>`: the global teardown (global-setup.ts) drops `cwh_test_<run>_%`. */
const testRun = () => inject('cwhTestRun') ?? 'r';

/**
 * A fresh, migrated database: an in-memory PGlite loaded from the migrated snapshot, or a new
 * `cwh_test_<run>_<random>` PostgreSQL database copied from the migrated template; with `seed`, from
 * the migrated and seeded snapshot or template instead (what every test app starts from).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { seed?: TestSeed } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const snapshot = options.seed ? await seededPgliteSnapshot(options.seed) : await migratedPgliteSnapshot();
    const database = await openDatabase({ snapshot });
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cwh_test_${testRun()}_${randomBytes(6).toString('hex')}`;
  const template = options.seed
    ? await seededTemplate(adminUrl, options.seed)
    : await migratedTemplate(adminUrl);
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openDatabase({ url: fastUrl(databaseUrl(adminUrl, name)), poolSize: 5 });
  return {
    database,
    dispose: async () => {
      await database.close();
      dropInBackground(adminUrl, name);
    },
  };
}

/** Drops every database of the run `run` (the global teardown). */
export async function dropRunDatabases(adminUrl: string, run: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`cwh\\_test\\_${run}\\_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    return rows.length;
  } finally {
    await client.end();
  }
}
