// The web app's coverage from both suites: the unit tests' (reports/coverage/coverage-final.json,
// written by `vitest run --coverage`) and the browser's (reports/coverage-e2e/coverage-chunks.json,
// written by the e2e suite's teardown). Both are V8 coverage turned into istanbul's format by the
// same AST-aware converter, one from the modules Vitest ran, one from the production bundle mapped
// back through its source maps, so their statement and branch ids differ. They are merged by place
// in the source: a line is covered when a statement on it ran in either suite; a branch path, keyed
// by its kind, its position and its index, when it was taken in either. A path the two builds place
// differently counts once per place, uncovered where not taken: the merged figure errs low.
//
// Exit 1 when the merged branch coverage of apps/web is below WEB_BRANCH_FLOOR.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** Floor of the merged (unit + e2e) branch coverage of apps/web/src, in percent. */
const WEB_BRANCH_FLOOR = Number(process.env.WEB_BRANCH_FLOOR ?? 70);

const root = resolve(import.meta.dirname, '..');
const unitFile = resolve(root, 'reports/coverage/coverage-final.json');
const e2eFile = resolve(root, 'reports/coverage-e2e/coverage-chunks.json');
const isWeb = (path) => relative(root, path).startsWith('apps/web/src/');

/** Lines (line → covered) and branch paths (key → covered) of one file's istanbul coverage. */
function places(file) {
  const lines = new Map();
  for (const [id, loc] of Object.entries(file.statementMap)) {
    const line = loc.start.line;
    lines.set(line, (lines.get(line) ?? false) || file.s[id] > 0);
  }
  const branches = new Map();
  for (const [id, branch] of Object.entries(file.branchMap)) {
    const at = branch.loc ?? branch.locations[0];
    branch.locations.forEach((_, i) => {
      const key = `${branch.type}@${at.start.line}:${at.start.column}#${i}`;
      branches.set(key, (branches.get(key) ?? false) || (file.b[id]?.[i] ?? 0) > 0);
    });
  }
  return { lines, branches };
}

function union(target, source) {
  for (const [key, covered] of source) target.set(key, (target.get(key) ?? false) || covered);
}

function add(into, data) {
  for (const [path, file] of Object.entries(data)) {
    if (!isWeb(path)) continue;
    const p = places(file);
    const seen = into.get(path) ?? { lines: new Map(), branches: new Map() };
    union(seen.lines, p.lines);
    union(seen.branches, p.branches);
    into.set(path, seen);
  }
}

function totals(files) {
  const t = { files: files.size, lines: [0, 0], branches: [0, 0] };
  for (const { lines, branches } of files.values()) {
    for (const covered of lines.values()) t.lines[covered ? 0 : 1] += 1;
    for (const covered of branches.values()) t.branches[covered ? 0 : 1] += 1;
  }
  // [covered, total]
  t.lines = [t.lines[0], t.lines[0] + t.lines[1]];
  t.branches = [t.branches[0], t.branches[0] + t.branches[1]];
  return t;
}

const pct = ([covered, total]) => (total === 0 ? 0 : (100 * covered) / total);
const show = (label, t) =>
  console.log(
    `  ${label.padEnd(24)} ${String(t.files).padStart(4)} files   lines ${pct(t.lines).toFixed(1).padStart(5)} %   branches ${pct(t.branches).toFixed(1).padStart(5)} %`,
  );

if (!existsSync(unitFile) || !existsSync(e2eFile)) {
  console.error(
    `No merged web coverage: ${existsSync(unitFile) ? '' : 'the unit run wrote none; '}${existsSync(e2eFile) ? '' : 'the e2e run wrote none'}`,
  );
  process.exit(1);
}
const unit = new Map();
add(unit, JSON.parse(readFileSync(unitFile, 'utf8')));
const e2e = new Map();
for (const chunk of JSON.parse(readFileSync(e2eFile, 'utf8'))) add(e2e, chunk);
const merged = new Map();
for (const source of [unit, e2e]) {
  for (const [path, p] of source) {
    const seen = merged.get(path) ?? { lines: new Map(), branches: new Map() };
    union(seen.lines, p.lines);
    union(seen.branches, p.branches);
    merged.set(path, seen);
  }
}

console.log('\nCoverage of the web app (apps/web/src), unit tests and the browser suite:');
show('unit (jsdom)', totals(unit));
show('e2e (Chromium)', totals(e2e));
const all = totals(merged);
show('merged', all);
if (pct(all.branches) < WEB_BRANCH_FLOOR) {
  console.error(
    `  merged branch coverage ${pct(all.branches).toFixed(1)} % is below the floor of ${WEB_BRANCH_FLOOR} %`,
  );
  process.exit(1);
}
