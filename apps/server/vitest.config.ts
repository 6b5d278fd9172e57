import { defineConfig } from 'vitest/config';

// Integration tests boot a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// hence the generous timeouts and one process per file.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
