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
  'test/realtime-redis-outage.test.ts',
];

/**
 * Server test files that replace a module (`vi.mock`) or the timers: they run in a process of their
 * own each (vitest.isolated.config.ts), because the rest share their workers' module cache
 * (`isolate: false` in vitest.config.ts) and a mock there would reach the next file.
 */
export const ISOLATED_FILES = [
  'src/lib/periodic-loop.test.ts',
  'test/brackets/stage-review.test.ts',
  'test/checkins/checkin-deadlines.test.ts',
  'test/ladder/match-up-answers.test.ts',
  'test/ladder/matchmaking.test.ts',
  'test/ladder/queue-join.test.ts',
  'test/ladder/series-results.test.ts',
  'test/notices/account-notices.test.ts',
  'test/notices/dispute-notices.test.ts',
  'test/notices/invitation-notices.test.ts',
  'test/notices/ladder-notices.test.ts',
  'test/notices/pickban-notices.test.ts',
  'test/notices/stage-notices.test.ts',
  'test/notices/team-notices.test.ts',
  'test/notices/war-notices.test.ts',
];

/**
 * What every server project runs with (vitest.config.ts, vitest.isolated.config.ts,
 * vitest.serial.config.ts; the mutation config spreads the first): processes, not threads (PGlite's
 * WebAssembly and the pg pools); generous timeouts, since integration tests boot a real database; a
 * test that makes no expect() assertion fails (docs/testing.md, Honest tests); the run's databases
 * named and dropped at the end; and, in CI, a shuffled order.
 */
export const SERVER_TEST_BASE = {
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  expect: { requireAssertions: true },
  // Names the run's PostgreSQL test databases and drops what is left of them at the end.
  globalSetup: 'test/global-setup.ts',
  // In CI, files run in a random order (the seed is printed; `--sequence.seed=<n>` replays it), so a
  // file that needs another's leftovers shows. Tests inside a file keep their order: an integration
  // file's describe block shares one app and database by design, and its later steps read what the
  // earlier ones wrote (a shuffled run broke 12 such chains in ladder-http, match-series-admin and
  // rosters-admin, none of which is a bug).
  sequence: { shuffle: { files: Boolean(process.env.CI), tests: false } },
} as const;
