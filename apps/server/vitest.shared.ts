/**
 * Server test files that share one resource the others do not isolate: the Redis server (pub/sub
 * channels of the socket.io adapter and the read cache, rate-limit keys are global to it). They run
 * one at a time after the rest (vitest.serial.config.ts); every other file has its own database and
 * runs in parallel (vitest.config.ts).
 */
export const SHARED_REDIS_FILES = [
  'src/http/rate-limit.test.ts',
  'test/ladder/concurrency.test.ts',
  'test/realtime-redis.test.ts',
];
