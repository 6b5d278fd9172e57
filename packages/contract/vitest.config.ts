import { defineConfig } from 'vitest/config';

// requireAssertions: a test that makes no expect() assertion fails (docs/testing.md, Honest tests).
export default defineConfig({
  test: {
    name: 'contract',
    include: ['src/**/*.test.ts'],
    expect: { requireAssertions: true },
    // In CI, files and tests run in a random order, printed seed (docs/testing.md).
    sequence: { shuffle: Boolean(process.env.CI) },
  },
});
