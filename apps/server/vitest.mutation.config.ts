import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The tests that exercise the mutated services (stryker.server.config.mjs): the ladder over HTTP,
// its rules at their edges, check-ins and war results, and the brackets. PGlite only, so a mutant
// run does not depend on a PostgreSQL server; the PostgreSQL variants run in the normal suite.
// MUTATION_TESTS (comma-separated globs under apps/server) narrows them when one file is mutated,
// e.g. MUTATION_TESTS='test/checkins/*.test.ts' with --mutate on a check-in service.
const defaults = [
  'test/ladder/ladder-http.test.ts',
  'test/ladder/answer-rules.test.ts',
  'test/ladder/match-up-answers.test.ts',
  'test/ladder/parallel-captains.test.ts',
  'test/ladder/war-result-delivery.test.ts',
  'test/brackets/*.test.ts',
  'test/checkins/*.test.ts',
];
const narrowed = process.env.MUTATION_TESTS?.split(',')
  .map((glob) => glob.trim())
  .filter(Boolean);

// Not mergeConfig: it concatenates arrays, so base's include (every server test) would stay in.
export default defineConfig({
  ...base,
  // Every server file may be picked (the isolated ones too), each in a process of its own.
  test: {
    ...base.test,
    include: narrowed?.length ? narrowed : defaults,
    exclude: ['**/node_modules/**'],
    isolate: true,
  },
});
