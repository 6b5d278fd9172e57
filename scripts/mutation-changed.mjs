#!/usr/bin/env node
// Domain mutation testing on the changed files only (CI, after npm test): the packages/domain/src
// sources (not tests, fixtures or the index) that differ between a base and the working tree are
// mutated with stryker.domain.config.mjs, whose break threshold (90 %) fails the run.
//
//   MUTATION_BASE       the base to compare with (default: the merge-base with origin/main when HEAD
//                       is not on it, else HEAD~10; a base missing from a shallow clone is said so)
//   MUTATION_MAX_FILES  at most this many files, the most recently changed first (default 3)
//
// It keeps its own incremental file, so the full run's reports/mutation/domain-incremental.json is
// not overwritten by a partial one; in a clean clone neither file exists and every mutant is tested.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const resolves = (ref) => {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

function chooseBase() {
  if (process.env.MUTATION_BASE) return process.env.MUTATION_BASE;
  if (resolves('origin/main')) {
    const mergeBase = git('merge-base', 'HEAD', 'origin/main');
    if (mergeBase !== git('rev-parse', 'HEAD')) return mergeBase;
  }
  return 'HEAD~10';
}

const isDomainSource = (path) =>
  path.startsWith('packages/domain/src/') &&
  path.endsWith('.ts') &&
  !path.endsWith('.test.ts') &&
  !path.includes('fixtures') &&
  path !== 'packages/domain/src/index.ts';

const base = chooseBase();
if (!resolves(base)) {
  console.log(
    `[mutation] base ${base} is not in this clone (shallow clone?): no domain source changed that can be found`,
  );
  process.exit(0);
}
// Changed since the base, committed or not; deleted files have nothing to mutate.
const changed = git('diff', '--name-only', '--diff-filter=d', base, '--', 'packages/domain/src')
  .split('\n')
  .filter(isDomainSource);
if (changed.length === 0) {
  console.log(`[mutation] no domain source changed since ${base}`);
  process.exit(0);
}

const lastChange = (path) => {
  const stamp = git('log', '-1', '--format=%ct', '--', path);
  return stamp ? Number(stamp) : Number.MAX_SAFE_INTEGER; // uncommitted: newest
};
const max = Number(process.env.MUTATION_MAX_FILES ?? 3);
const files = changed.sort((a, b) => lastChange(b) - lastChange(a) || a.localeCompare(b)).slice(0, max);
console.log(`[mutation] domain sources changed since ${base}: ${changed.length}; mutating ${files.length}:`);
for (const file of files) console.log(`  ${file}`);
if (files.length < changed.length) {
  console.log(
    `[mutation] left out (MUTATION_MAX_FILES=${max}): ${changed.filter((f) => !files.includes(f)).join(', ')}`,
  );
}

const result = spawnSync(
  'npx',
  [
    'stryker',
    'run',
    'stryker.domain.config.mjs',
    '--mutate',
    files.join(','),
    '--incrementalFile',
    'reports/mutation/domain-changed-incremental.json',
    '--reporters',
    'clear-text,progress-append-only,html,json',
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
