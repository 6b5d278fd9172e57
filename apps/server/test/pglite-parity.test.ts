import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PGLITE_PARITY_FILES } from './pglite-parity.js';
import { runsOnPglite } from './test-database.js';

const TEST_DIR = import.meta.dirname;

describe('the PGlite parity set', () => {
  it('names test files that exist and run once per database kind', () => {
    for (const file of PGLITE_PARITY_FILES) {
      const path = join(TEST_DIR, file);
      expect(existsSync(path), file).toBe(true);
      expect(readFileSync(path, 'utf8'), file).toMatch(/describeEach(Database|Kind)\(/);
    }
  });

  describe('which files run on PGlite', () => {
    const saved = { url: process.env.TEST_DATABASE_URL, scope: process.env.TEST_PGLITE };
    afterEach(() => {
      for (const [name, value] of [
        ['TEST_DATABASE_URL', saved.url],
        ['TEST_PGLITE', saved.scope],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    const parity = join(TEST_DIR, 'ladder/ladder-http.test.ts');
    const other = join(TEST_DIR, 'ladder/sweeper.test.ts');

    it.each`
      why                                           | url                 | scope        | file      | runs
      ${'no PostgreSQL server: every file'}         | ${undefined}        | ${undefined} | ${other}  | ${true}
      ${'a server: a parity file'}                  | ${'postgres://x/y'} | ${undefined} | ${parity} | ${true}
      ${'a server: any other file runs on it only'} | ${'postgres://x/y'} | ${undefined} | ${other}  | ${false}
      ${'a server and TEST_PGLITE=all: every file'} | ${'postgres://x/y'} | ${'all'}     | ${other}  | ${true}
    `('$why', ({ url, scope, file, runs }) => {
      if (url === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = url;
      if (scope === undefined) delete process.env.TEST_PGLITE;
      else process.env.TEST_PGLITE = scope;
      expect(runsOnPglite(file)).toBe(runs);
    });
  });
});
