import { defineConfig } from 'vitest/config';

// requireAssertions: a test that makes no expect() assertion fails (docs/testing.md, Honest tests).
export default defineConfig({
  test: {
    name: 'contract',
    include: ['src/**/*.test.ts'],
    expect: { requireAssertions: true },
  },
});
