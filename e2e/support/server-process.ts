import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Where the global setup keeps a migrated, empty embedded database for the hubs to start from. */
const TEMPLATE_VARIABLE = 'E2E_PGLITE_TEMPLATE';

/**
 * Migrates an empty embedded database once (`npm run migrate -w @cwh/server`, no seed) and names it
 * in the environment, which the spec workers inherit: every hub started after this copies it into
 * its data directory instead of creating the cluster (PGlite's initdb) and running every migration
 * (about 5 s of each boot on a quiet machine, 25 s under load). The hub still migrates at start (a
 * no-op on the copy) and seeds the demo data itself, dated from its own start. `npm start` in
 * start-stop.e2e.ts does not use it: that one starts as a new user's first run does.
 */
export function prepareDataTemplate(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'cwh-e2e-template-'));
  const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
  execFileSync(tsx, ['apps/server/src/db/run-migrations.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env[TEMPLATE_VARIABLE] = dir;
  return () => {
    delete process.env[TEMPLATE_VARIABLE];
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Starts the hub as a user would (the server entry point, serving the built web), on a fresh
 * embedded database in a temporary directory, and waits until /ready answers.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: { readyTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cwh-e2e-'));
  const template = process.env[TEMPLATE_VARIABLE];
  if (template && existsSync(template) && !('DATA_DIR' in extraEnv))
    cpSync(template, dataDir, { recursive: true });
  const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
  const child: ChildProcess = spawn(tsx, ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      // The journeys drive the simulated game through its console and API, as the demo does.
      SIMULATOR_OPEN: 'true',
      // A browser and the server share a loaded machine: lag there is no overload to shed.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // The demo bots would play the journeys' seeded teams: off unless a spec turns them on.
      DEMO_BOTS: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // A process group of its own: tsx runs the hub in a child process, which a signal to tsx alone
    // would leave running (an orphan holding its port and database) when tsx is killed.
    detached: true,
  });
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // Whatever ends this process (a failed setup included) ends the hub too.
  const killOnExit = () => kill('SIGKILL');
  process.once('exit', killOnExit);
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((res) =>
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      res(code);
    }),
  );
  // Generous: a cold start migrates and seeds an embedded database, slow on a loaded 2-core machine.
  const readyTimeoutMs = options.readyTimeoutMs ?? Number(process.env.E2E_READY_TIMEOUT_MS ?? 150_000);
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill('SIGKILL');
      throw new Error(`server did not become ready within ${readyTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
