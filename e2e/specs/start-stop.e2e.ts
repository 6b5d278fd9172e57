import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../support/server-process';

/**
 * `npm start` as a user runs it (issue #10 "Stopping"): it builds the web, starts the hub, and a
 * SIGTERM to the process it started stops the hub: that process exits cleanly and the port is free
 * again (no server left orphaned behind npm, sh and tsx).
 */

/** Whether something still listens on the port: a listener of our own can take it only once it is free. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const ready = (baseURL: string) => async () => {
  try {
    return (await fetch(`${baseURL}/ready`)).ok;
  } catch {
    return false;
  }
};

describe('npm start and SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cwh-start-'));
  // npm start builds the web: into its own directory, so the suite's coverage build in
  // apps/web/dist (mapped back to the sources at teardown) is left as it is.
  const webDir = mkdtempSync(join(tmpdir(), 'cwh-start-web-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  });

  it('a SIGTERM to the process npm start started stops the hub: clean exit, port released', async () => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    child = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        WEB_OUT_DIR: webDir,
        WEB_DIST: webDir,
        WEB_COVERAGE_BUILD: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child!.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // The build and a cold embedded database take a while on a loaded machine.
    await waitUntil(ready(baseURL), 'the hub to be ready', 240_000);
    expect(await portIsFree(port)).toBe(false);

    child.kill('SIGTERM');
    const { code, signal } = await exited;
    // npm passes the signal on and reports how the hub ended: a graceful shutdown exits 0.
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    await waitUntil(() => portIsFree(port), 'the port to be released', 20_000);
    expect(await ready(baseURL)()).toBe(false);
  }, 300_000);
});
