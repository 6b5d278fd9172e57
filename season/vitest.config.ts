import { defineConfig } from 'vitest/config';

// The bounded season rehearsals (docs/season-rehearsal.md): each starts its own hub process(es) and
// plays a whole season, so one file per process and timeouts in minutes. No wall-clock assertion.
export default defineConfig({
  test: {
    name: 'season',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Each run starts hub processes of its own and loads both cores: one at a time, after the parallel
    // group and after server-serial (whose two-instance runs it would otherwise slow).
    fileParallelism: false,
    // In CI, files and tests run in a random order too (docs/testing.md).
    sequence: { groupOrder: 2, shuffle: Boolean(process.env.CI) },
    testTimeout: 600_000,
    hookTimeout: 120_000,
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
  },
});
