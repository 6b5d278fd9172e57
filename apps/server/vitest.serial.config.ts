import { defineConfig } from 'vitest/config';
import { SHARED_REDIS_FILES } from './vitest.shared.js';

// The server test files that share the Redis server (vitest.shared.ts): one at a time, after the
// parallel group (sequence.groupOrder), so no other file publishes on their channels meanwhile.
export default defineConfig({
  test: {
    name: 'server-serial',
    include: SHARED_REDIS_FILES,
    pool: 'forks',
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
  },
});
