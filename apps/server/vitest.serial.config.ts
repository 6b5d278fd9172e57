import { defineConfig } from 'vitest/config';
import { SERVER_TEST_BASE, SHARED_REDIS_FILES } from './vitest.shared.js';

// The server test files that share the Redis server (vitest.shared.ts): one at a time, after the
// parallel group (sequence.groupOrder), so no other file publishes on their channels meanwhile.
export default defineConfig({
  test: {
    ...SERVER_TEST_BASE,
    name: 'server-serial',
    include: SHARED_REDIS_FILES,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
