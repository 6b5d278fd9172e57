import { defineConfig } from 'vitest/config';
import { SHARED_REDIS_FILES } from './vitest.shared.js';

// Integration tests boot a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// hence the generous timeouts and one process per file. Each file has its own databases, so files
// run in parallel; the few that share the Redis server run alone afterwards (server-serial).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...SHARED_REDIS_FILES],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
