import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. End-to-end tests have their own config in e2e/.
// Coverage (docs/testing.md): `npm run test:unit` collects it with V8; each workspace has a floor
// that fails the run when coverage drops below it, and scripts/coverage-summary.mjs prints the
// figures per workspace.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/contract',
      'apps/server',
      'apps/server/vitest.isolated.config.ts',
      'apps/server/vitest.serial.config.ts',
      'apps/web',
      'season',
    ],
    // Vitest's default on 2 cores is one file at a time. Server files wait on PostgreSQL and timers
    // much of their time, so two run at once (each has its own databases); the files that share a
    // resource run one at a time in later groups (server-serial, then season). The first CI run with
    // it took 2,092 s for this suite (season included) on a machine doing other work too: not yet
    // measured side by side with one worker.
    maxWorkers: 2,
    // Beside the console's report, a JSON one whose file timings scripts/slowest-files.mjs prints
    // at the end of `npm run test:unit` (docs/testing.md).
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/timings/unit.json' },
    coverage: {
      provider: 'v8',
      // The sources of every workspace, tested or not. From the root: a bare `src/**` matches nothing
      // in a run of all projects (it did only when one project was picked with --project).
      include: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/test-setup.ts', '**/*.d.ts', 'apps/server/src/main.ts'],
      reporter: ['text-summary', 'json-summary', 'json'],
      reportsDirectory: 'reports/coverage',
      // The figures are printed even when a test failed, so a red run still shows them.
      reportOnFailure: true,
      thresholds: {
        '**/packages/domain/src/**': { lines: 95 },
        // The PostgreSQL variants (TEST_DATABASE_URL, set in CI) cover the server's PostgreSQL paths too.
        '**/apps/server/src/**': { branches: process.env.TEST_DATABASE_URL ? 85 : 82 },
        '**/apps/web/src/**': { branches: 43 },
      },
    },
  },
});
