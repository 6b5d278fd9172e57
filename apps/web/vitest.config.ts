import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The web renders with React DOM (issue 33), in these tests as in the build and on the server.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Each file still runs in a context of its own, but jsdom is made once per worker instead of once
    // per file (96 times, 39 % of the project's time): 206 → 116 s with coverage, the same coverage
    // (lines 71.0 %, branches 60.3 %), every test passing.
    pool: 'vmThreads',
    // As the root config's; Vitest refuses projects of one group with different counts, and a
    // vmThreads project would not inherit it.
    maxWorkers: 2,
    // A limit, not a timing check: on two busy cores (load 10, a mutation run beside) the first render of
    // a lazy route in jsdom passed Vitest's 5 s default in 19 of 962 cases, all of which pass when quiet.
    testTimeout: 20_000,
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
    // In CI, files run in a random order, printed seed (docs/testing.md). Tests inside a file keep
    // theirs for now: module stores (session, queue) carry over between a file's tests, and shuffled
    // runs found three such chains (route-table, recheck-queue, account-link); the first two are fixed.
    sequence: { shuffle: { files: Boolean(process.env.CI), tests: false } },
  },
});
