import { defineConfig } from 'vitest/config';

// End-to-end tests: a real server (embedded PGlite, seeded demo season) and Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two cores: one server, one browser at a time keeps timings honest and the machine responsive.
    fileParallelism: false,
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
  },
});
