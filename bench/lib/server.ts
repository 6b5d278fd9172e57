import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.js';
import { ADMIN_DATABASE_URL, type DbChoice, procStat, SERVER_DIR, sleep } from './env.js';

/**
 * A throw-away database for one benchmark: a fresh `cwh_bench_<random>` PostgreSQL database or a
 * fresh PGlite directory. The benchmark fills it in-process (migrate, seed, fixtures), closes it,
 * then a separate server process opens it (PGlite is single-process, so never both at once).
 */
export interface BenchDatabase {
  kind: DbChoice;
  /** Environment for the server process (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  label: string;
  /** Process ids of the PostgreSQL backends connected to this database (none for PGlite). */
  backendPids(): Promise<number[]>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(kind: DbChoice): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'cwh-bench-'));
    return {
      kind,
      env: { DATA_DIR: dir },
      label: `PGlite (${dir})`,
      backendPids: async () => [],
      open: () => openDatabase({ dataDir: dir }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `cwh_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    label: `PostgreSQL (${name})`,
    backendPids: async () => {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        const result = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        return result.rows.map((r) => r.pid);
      } finally {
        await client.end();
      }
    },
    open: () => openDatabase({ url: url.toString(), poolSize: 5 }),
    dispose: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Migrates, loads the demo season (real clock) and runs `fill`, then ANALYZEs the database and closes
 * the connection. A database in service has planner statistics (autovacuum keeps them); one just
 * bulk-loaded has none until autovacuum's next round, and its plans would change in the middle of a
 * run (a token lookup scanned every user and probed their tokens one by one).
 */
export async function prepareBenchDatabase<T>(
  bench: BenchDatabase,
  fill: (database: Database, now: Date) => Promise<T>,
): Promise<T> {
  const database = await bench.open();
  try {
    await runMigrations(database);
    const now = new Date();
    await seedDemo(database.db, {
      now,
      adminEmail: 'admin@clanwarhub.local',
      adminPassword: 'ClanWarHub!2025',
    });
    const filled = await fill(database, now);
    await database.db.execute(sql`analyze`);
    return filled;
  } finally {
    await database.close();
  }
}

export interface ProcessSample {
  rssBytes: number;
  hwmBytes: number;
  /** User + system CPU seconds since the process started. */
  cpuSeconds: number;
}

/** VmRSS / VmHWM from /proc/<pid>/status and CPU time from /proc/<pid>/stat (Linux). */
export function sampleProcess(pid: number): ProcessSample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    const stat = procStat(pid);
    if (!stat) return null;
    return { rssBytes: kb('VmRSS'), hwmBytes: kb('VmHWM'), cpuSeconds: stat.cpuSeconds };
  } catch {
    return null;
  }
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Last lines of stderr/stdout (warnings, errors) for the report. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts ONE server instance as a separate process (`node --import tsx src/main.ts`, so the pid is
 * the server itself, not a wrapper) on 127.0.0.1 with a random port.
 */
export function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  script = 'src/main.ts',
): Promise<ServerProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        WEB_DIST: '/nonexistent',
        GAME_MODE: 'simulated',
        // The benches' game is the simulator; production refuses it unless a demo says so.
        ALLOW_SIMULATED_GAME_IN_PRODUCTION: 'true',
        // node-postgres reads PGOPTIONS: e.g. `-c log_min_duration_statement=0` logs every statement
        // of the server's connections with its parse, bind and execute times (bench/README.md).
        ...(process.env.PGOPTIONS ? { PGOPTIONS: process.env.PGOPTIONS } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    // BENCH_START_TIMEOUT_MS: a machine already loaded by other work starts the server slower.
    const startMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 60_000);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${startMs / 1000} s: ${output.slice(-2000)}`));
    }, startMs);
    let started = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      const match = /(?:listening on|is running on) (http:\/\/\S+)/.exec(output);
      if (match && !started) {
        started = true;
        clearTimeout(timer);
        resolvePromise({
          child,
          pid: child.pid!,
          base: match[1]!.replace('localhost', '127.0.0.1'),
          output: () => output,
          stop: () => stopChild(child),
        });
      }
    });
    child.stderr!.on('data', keep);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`server exited (${code}): ${output.slice(-2000)}`));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timeout = sleep(15_000).then(() => 'timeout' as const);
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
