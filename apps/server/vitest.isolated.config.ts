import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES, SERVER_TEST_BASE } from './vitest.shared.js';

// The server test files that mock a module or the timers (vitest.shared.ts): each in a fresh
// process, as every server file ran before the others began to share their workers' module cache.
export default defineConfig({
  test: {
    ...SERVER_TEST_BASE,
    name: 'server-isolated',
    include: ISOLATED_FILES,
  },
});
