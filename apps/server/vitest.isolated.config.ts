import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES } from './vitest.shared.js';

// The server test files that mock a module or the timers (vitest.shared.ts): each in a fresh
// process, as every server file ran before the others began to share their workers' module cache.
export default defineConfig({
  test: {
    name: 'server-isolated',
    include: ISOLATED_FILES,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
  },
});
