import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium.js';
import { E2E_COVERAGE, E2E_COVERAGE_RAW_DIR } from './coverage.js';
import { writeE2eCoverage } from './e2e-coverage-report.js';
import { type ServerPool, startServerPool } from './server-pool.js';
import { prepareDataTemplate, REPO_ROOT, type RunningServer, startServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The pool of fresh hubs (server-pool.ts, taken with fresh-server.ts). */
    serverPool: string;
  }
}

let server: RunningServer | undefined;
let pool: ServerPool | undefined;
let dropTemplate: (() => void) | undefined;

export async function setup(project: TestProject) {
  ensureChromium();
  rmSync(E2E_COVERAGE_RAW_DIR, { recursive: true, force: true });
  if (process.env.E2E_SKIP_BUILD !== 'true') {
    // With coverage, a readable build with hidden source maps (apps/web/vite.config.ts), so V8's
    // coverage of the bundle maps back to the sources.
    // The community chat link is a build setting with no default (apps/web/src/lib/config.ts). The
    // support link is left unset, as on a fresh `npm start`: Contact Support leads to the hub's own
    // /support page (demo-and-pages.e2e.ts); the external link's choice is unit-tested (config-links).
    const links = { VITE_COMMUNITY_CHAT_URL: 'https://chat.example.test/clan-war-hub' };
    const env = { ...links, ...process.env, ...(E2E_COVERAGE ? { WEB_COVERAGE_BUILD: 'true' } : {}) };
    execFileSync('npm', ['run', 'build', '-w', '@cwh/web'], { cwd: REPO_ROOT, stdio: 'inherit', env });
  }
  // A migrated empty database every hub below (and the specs' own) starts from (server-process.ts).
  dropTemplate = prepareDataTemplate();
  // The shared hub of the specs that only read, or change what no other spec reads; then the pool,
  // which starts the first hub of the specs that need their own (support/server-pool.ts).
  server = await startServer();
  pool = await startServerPool();
  // The first spec starts while no hub is still booting: the journey's first run, whose own hub and
  // its French run's hub start then, failed its first step twice at that moment (three hubs booting
  // on two cores while it played); later hubs boot while a spec runs, one at a time.
  await pool.ready;
  project.provide('baseURL', server.baseURL);
  project.provide('serverPool', pool.url);
}

export async function teardown() {
  await Promise.all([server?.stop(), pool?.close()]);
  dropTemplate?.();
  if (!E2E_COVERAGE) return;
  const written = await writeE2eCoverage();
  if (written)
    console.log(`[e2e] coverage: ${written.scripts} scripts, ${written.files} source files of the web app`);
}
