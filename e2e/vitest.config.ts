import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

// End-to-end tests: a real server (embedded PGlite, seeded demo season) and Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // E2E_WORKERS spec files at a time (default 2; 1 for one server and one browser at a time). The
    // specs wait for what a person sees, never a fixed time, so two at once on 2 cores only share
    // the machine: the five longest (journey, route-pages, a11y, demo-and-pages, organizer-journey)
    // passed two at a time at load 12, in 694 s against 1,115 s one after the other.
    fileParallelism: WORKERS > 1,
    maxWorkers: WORKERS,
    // The file timings scripts/slowest-files.mjs prints after the suite (`npm run test:e2e`).
    reporters: ['default', 'json'],
    outputFile: { json: resolve(import.meta.dirname, '../reports/timings/e2e.json') },
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
  },
});
