// Mutation testing of the server's ladder, check-in and bracket services (npm run mutation:server).
// Slow (each mutant re-runs integration tests on PGlite): run it before changing those services,
// not in CI. Scores and times: docs/testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'apps/server/vitest.mutation.config.ts', dir: 'apps/server', pool: 'forks' },
  mutate: [
    'apps/server/src/features/ladder/**/*-service.ts',
    'apps/server/src/features/ladder/match-ups/*.ts',
    '!apps/server/src/features/ladder/match-ups/*-repository.ts',
    '!apps/server/src/features/ladder/match-ups/*-routes.ts',
    'apps/server/src/features/brackets/*-service.ts',
    'apps/server/src/features/checkins/*-service.ts',
  ],
  // Other runs' sandboxes too: several runs in one checkout would copy each other's, mid-deletion.
  ignorePatterns: ['e2e', 'bench', 'reports', 'docs', '.git', 'apps/web', '.stryker-tmp*'],
  reporters: ['html', 'clear-text', 'progress', 'json'],
  htmlReporter: { fileName: 'reports/mutation/server.html' },
  jsonReporter: { fileName: 'reports/mutation/server.json' },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp-server',
  cleanTempDir: 'always',
};
