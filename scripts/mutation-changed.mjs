#!/usr/bin/env node
// Domain mutation testing on the changed LINES only (CI, after npm test): in the packages/domain/src
// sources (not tests, fixtures or the index) that differ between a base and the working tree, the
// lines added or changed since the base (`git diff -U0` hunks; a pure deletion marks the line where
// it happened; a new untracked file counts whole) are mutated with stryker.domain.config.mjs, as
// Stryker's `file:start-end` ranges. Its break threshold (90 %) fails the run.
//
//   MUTATION_BASE       the base to compare with (default: the merge-base with origin/main when HEAD
//                       is not on it, else HEAD~10; a base missing from a shallow clone is said so)
//   MUTATION_MAX_FILES  at most this many files, the most recently changed first (default 3)
//   MUTATION_TIME_CAP   minutes the Stryker run may take (default 8): past it the run is stopped and
//                       the step fails, naming the command that measures the same lines locally
//
// It keeps its own incremental file, so the full run's reports/mutation/domain-incremental.json is
// not overwritten by a partial one; in a clean clone neither file exists and every mutant is tested.
import { execFileSync, spawn } from 'node:child_process';
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
  !path.includes('test-support') &&
  path !== 'packages/domain/src/index.ts';

const base = chooseBase();
if (!resolves(base)) {
  console.log(
    `[mutation] base ${base} is not in this clone (shallow clone?): no domain source changed that can be found`,
  );
  process.exit(0);
}
// Changed since the base, committed or not; deleted files have nothing to mutate.
const changed = [
  ...git('diff', '--name-only', '--diff-filter=d', base, '--', 'packages/domain/src').split('\n'),
  ...git('ls-files', '--others', '--exclude-standard', '--', 'packages/domain/src').split('\n'),
].filter(isDomainSource);
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

/** The new-side line ranges of the hunks of `git diff -U0 <base> -- <file>`, merged when adjacent. */
function changedRanges(diff) {
  const ranges = [];
  for (const match of diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(match[1]);
    const count = match[2] === undefined ? 1 : Number(match[2]);
    // A pure deletion (count 0) happened after line `start`: mutate that line, where the code changed.
    const range = count === 0 ? [Math.max(start, 1), Math.max(start, 1)] : [start, start + count - 1];
    const last = ranges.at(-1);
    if (last && range[0] <= last[1] + 1) last[1] = Math.max(last[1], range[1]);
    else ranges.push(range);
  }
  return ranges;
}

const tracked = new Set(git('ls-files', '--', 'packages/domain/src').split('\n'));
const mutate = files.flatMap((file) => {
  if (!tracked.has(file)) return [file]; // new, untracked: every line is new
  const ranges = changedRanges(git('diff', '-U0', base, '--', file));
  return ranges.map(([a, b]) => `${file}:${a}-${b}`);
});
console.log(`[mutation] changed line ranges (${mutate.length}): ${mutate.join(', ')}`);

const capMinutes = Number(process.env.MUTATION_TIME_CAP ?? 8);
const started = Date.now();
// Stryker in a process group of its own, so the cap stops its test workers too.
const stryker = spawn(
  process.execPath,
  [
    join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
    'run',
    'stryker.domain.config.mjs',
    '--mutate',
    mutate.join(','),
    '--incrementalFile',
    'reports/mutation/domain-changed-incremental.json',
    '--reporters',
    'clear-text,progress-append-only,html,json',
  ],
  { cwd: root, stdio: 'inherit', detached: true },
);
let capped = false;
const cap = setTimeout(() => {
  capped = true;
  process.kill(-stryker.pid, 'SIGTERM');
  setTimeout(() => process.kill(-stryker.pid, 'SIGKILL'), 10_000).unref();
}, capMinutes * 60_000);
const [code] = await new Promise((resolve) => stryker.on('exit', (...args) => resolve(args)));
clearTimeout(cap);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (capped) {
  console.log(
    `[mutation] stopped at the time cap (MUTATION_TIME_CAP=${capMinutes} min): the changed lines' score is not known. ` +
      `Measure them locally: npx stryker run stryker.domain.config.mjs --mutate '${mutate.join(',')}'`,
  );
  process.exit(1);
}
console.log(`[mutation] ${minutes} min`);
process.exit(code ?? 1);
