import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

// End-to-end tests: a real server (embedded PGlite, seeded demo season) and Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // E2E_WORKERS spec files at a time (default 1: one hub and one browser at a time). Two at once
    // passed the five longest specs at load 12 (694 s against 1,115 s one after the other), but in a
    // whole CI rehearsal the suite took about as long as one at a time and two timing-bound checks
    // failed under the load (docs/testing.md).
    fileParallelism: WORKERS > 1,
    maxWorkers: WORKERS,
    // The file timings scripts/slowest-files.mjs prints after the suite (`npm run test:e2e`).
    reporters: ['default', 'json'],
    outputFile: { json: resolve(import.meta.dirname, '../reports/timings/e2e.json') },
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
  },
});
