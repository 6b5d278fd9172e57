import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { hashPassword } from '../../apps/server/src/features/auth/password.js';
import { createUserRepository } from '../../apps/server/src/features/auth/user-repository.js';
import { createGameRepository } from '../../apps/server/src/features/games/game-repository.js';
import { createSegmentTypeRepository } from '../../apps/server/src/features/segments/segment-type-repository.js';
import type { SimDataset } from '../../apps/server/src/game/simulated/sim-dataset.js';
import { createSimGameRepository } from '../../apps/server/src/game/simulated/sim-game-repository.js';
import { SEGMENT_TYPES } from '../../apps/server/src/seed/demo-seed.js';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const SERVER_DIR = resolve(REPO_ROOT, 'apps', 'server');
export const ADMIN = { email: 'admin@clanwarhub.local', password: 'ClanWarHub!2025' };

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type DbKind = 'pglite' | 'postgres';

/**
 * The season's own database: a fresh PGlite directory or a fresh `cwh_season_<random>` PostgreSQL
 * database. Before any server opens it, it is migrated and gets its staff (one admin; the demo season
 * is never seeded), the game and segment types, and the simulated game's world (the clans and players of this season): the game
 * exists before the hub, and the simulator API has no call that creates a clan.
 */
export interface SeasonDatabase {
  kind: DbKind;
  env: Record<string, string>;
  label: string;
  dispose(): Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createSeasonDatabase(
  kind: DbKind,
  world: SimDataset,
  adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
): Promise<SeasonDatabase> {
  let env: Record<string, string>;
  let label: string;
  let dispose: () => Promise<void>;
  let open: () => ReturnType<typeof openDatabase>;
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'cwh-season-'));
    env = { DATA_DIR: dir };
    label = `PGlite (${dir})`;
    dispose = async () => rmSync(dir, { recursive: true, force: true });
    open = () => openDatabase({ dataDir: dir });
  } else {
    const name = `cwh_season_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    label = `PostgreSQL (${name})`;
    dispose = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    open = () => openDatabase({ url: url.toString(), poolSize: 2 });
  }
  const database = await open();
  try {
    await runMigrations(database);
    await createUserRepository(database.db).upsertByEmail({
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      firstName: 'Season',
      lastName: 'Admin',
      username: 'admin',
      permissions: ['admin'],
    });
    // Reference data a fresh hub has before its first event: the game and the segment types.
    await createGameRepository(database.db).upsertBySlug({ slug: 'clash-of-clans', name: 'Clash of Clans' });
    for (const type of SEGMENT_TYPES) await createSegmentTypeRepository(database.db).upsertByKey(type);
    const repo = createSimGameRepository(database.db);
    for (let i = 0; i < world.players.length; i += 1000) {
      await repo.seed(
        {
          clans: i === 0 ? world.clans : [],
          players: world.players.slice(i, i + 1000),
        },
        database.db,
        10_000 + i,
      );
    }
  } finally {
    await database.close();
  }
  return { kind, env, label, dispose };
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface ProcessSample {
  rssBytes: number;
  cpuSeconds: number;
}

/** VmRSS from /proc/<pid>/status and user + system CPU time from /proc/<pid>/stat (Linux). */
export function sampleProcess(pid: number): ProcessSample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { rssBytes: rss, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return null;
  }
}

/** One hub instance (`node --import tsx src/main.ts`) on a fixed port, so sockets reconnect to it after a restart. */
export class HubInstance {
  child: ChildProcess | null = null;
  output = '';
  /** CPU seconds and peak RSS of earlier lives of this instance (before a kill). */
  cpuBefore = 0;
  peakRss = 0;
  starts = 0;
  kills = 0;

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): Promise<void> {
    return new Promise((resolveStart, reject) => {
      // SEASON_HUB_NODE_ARGS: extra node flags for every instance, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
      // (a profile is written when the instance stops; a SIGKILLed one writes none).
      const extra = (process.env.SEASON_HUB_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(this.port),
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'false',
          WEB_DIST: '/nonexistent',
          GAME_MODE: 'simulated',
          SIMULATOR_OPEN: 'true',
          // Bots of one machine: the per-IP limits of the login and game-user lookups are for people.
          GAME_USER_MAX_FAILURES: '100000',
          LOGIN_MAX_FAILURES: '100000',
          LOGIN_MAX_FAILURES_PER_IP: '100000',
          ...this.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.child = child;
      this.starts++;
      let started = false;
      const keep = (chunk: Buffer) => {
        this.output = (this.output + chunk.toString()).slice(-20_000);
        if (!started && /(listening on|is running on) http/.test(this.output)) {
          started = true;
          clearTimeout(timer);
          resolveStart();
        }
      };
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`instance ${this.index} did not start in 90 s: ${this.output.slice(-2000)}`));
      }, 90_000);
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (!started)
          reject(new Error(`instance ${this.index} exited (${code}): ${this.output.slice(-2000)}`));
      });
    });
  }

  sample(): ProcessSample | null {
    if (!this.alive || !this.child?.pid) return null;
    const s = sampleProcess(this.child.pid);
    if (s) this.peakRss = Math.max(this.peakRss, s.rssBytes);
    return s;
  }

  /** SIGKILL: no graceful shutdown, in-flight requests and sockets are cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const s = this.sample();
    if (s) this.cpuBefore += s.cpuSeconds;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGKILL');
    this.kills++;
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const s = this.sample();
    if (s) this.cpuBefore += s.cpuSeconds;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timeout = sleep(15_000).then(() => 'timeout' as const);
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  }
}

/** Restarts the local Redis the way .ci/run starts it (no persistence). */
export async function restartRedis(port = 6379): Promise<void> {
  try {
    execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'shutdown', 'nosave'], {
      stdio: 'ignore',
    });
  } catch {
    // redis-cli reports the dropped connection of a shutdown as an error
  }
  await sleep(300);
  execFileSync(
    'redis-server',
    ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50; i++) {
    try {
      execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { stdio: 'ignore' });
      return;
    } catch {
      await sleep(100);
    }
  }
}
