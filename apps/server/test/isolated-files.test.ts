import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { ISOLATED_FILES } from '../vitest.shared.js';

const ROOT = join(import.meta.dirname, '..');
/** What would leak from one test file into the next one of a worker that does not isolate. */
const LEAKS = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => relative(ROOT, join(ROOT, dir, file)));
}

// vitest.config.ts shares each worker's module cache between server files (isolate: false); a file
// that mocks a module or the timers must run in a process of its own (vitest.isolated.config.ts).
it('every server test file that mocks a module or the timers is in ISOLATED_FILES, and only those', () => {
  const files = [...testFiles('src'), ...testFiles('test')].sort();
  const leaking = files.filter((file) => LEAKS.test(readFileSync(join(ROOT, file), 'utf8')));
  expect(leaking).toEqual([...ISOLATED_FILES].sort());
});
