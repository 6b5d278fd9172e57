import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium.js';
import { REPO_ROOT, type RunningServer, startServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  ensureChromium();
  if (process.env.E2E_SKIP_BUILD !== 'true') {
    execFileSync('npm', ['run', 'build', '-w', '@cwh/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  server = await startServer();
  project.provide('baseURL', server.baseURL);
}

export async function teardown() {
  await server?.stop();
}
