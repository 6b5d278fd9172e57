import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES, SERVER_TEST_BASE, SHARED_REDIS_FILES } from './vitest.shared.js';

// Integration tests boot a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// hence the generous timeouts. Each file has its own databases, so files run in parallel; the few
// that share the Redis server run alone afterwards (server-serial). Files share their worker's
// module cache (`isolate: false`): the app, its ~600 modules and PGlite's WebAssembly are loaded
// once per worker instead of once per file (17 files of test/ladder, two workers: 101 → 72 s). Files that mock a module or
// the timers run one process each (server-isolated, vitest.isolated.config.ts).
export default defineConfig({
  test: {
    ...SERVER_TEST_BASE,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...SHARED_REDIS_FILES, ...ISOLATED_FILES],
    isolate: false,
    // Without its own maxWorkers, a project that does not isolate ran its files in one worker.
    maxWorkers: 2,
  },
});
