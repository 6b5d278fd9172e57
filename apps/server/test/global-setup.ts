import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    cwhTestRun: string;
  }
}

/**
 * Global setup of the server projects: names this run (its PostgreSQL test databases are
 * `cwh_test_<run>_<random>`, test-database.ts) and, at the end, drops what the run left on the
 * server: databases are dropped in the background as their files finish, and a worker that exits
 * first leaves its last ones behind.
 */
export default function setup(project: TestProject) {
  const run = randomBytes(3).toString('hex');
  project.provide('cwhTestRun', run);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropRunDatabases(url, run);
  };
}
