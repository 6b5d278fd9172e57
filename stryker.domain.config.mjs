// Mutation testing of the pure domain (npm run mutation:domain). Incremental: the local
// reports/mutation/domain-incremental.json (not committed) lets a later run test only the mutants of
// changed code.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'packages/domain/vitest.config.ts', dir: 'packages/domain' },
  mutate: [
    'packages/domain/src/**/*.ts',
    '!packages/domain/src/**/*.test.ts',
    '!packages/domain/src/**/*fixtures*.ts',
    '!packages/domain/src/index.ts',
  ],
  // Other runs' sandboxes too: several runs in one checkout would copy each other's, mid-deletion.
  ignorePatterns: ['apps', 'e2e', 'bench', 'reports', 'docs', '.git', '.stryker-tmp*'],
  reporters: ['html', 'clear-text', 'progress', 'json'],
  htmlReporter: { fileName: 'reports/mutation/domain.html' },
  jsonReporter: { fileName: 'reports/mutation/domain.json' },
  incremental: true,
  incrementalFile: 'reports/mutation/domain-incremental.json',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
