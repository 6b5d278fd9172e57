// Prints the coverage of each workspace from reports/coverage/coverage-summary.json (written by
// `vitest run --coverage`): the floors in vitest.config.ts apply to these same groups.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const WORKSPACES = ['packages/domain', 'packages/contract', 'apps/server', 'apps/web'];
const file = resolve(root, 'reports/coverage/coverage-summary.json');
if (!existsSync(file)) {
  console.error('No coverage summary: the test run ended before writing it.');
  process.exit(1);
}
const summary = JSON.parse(readFileSync(file, 'utf8'));
const totals = new Map(WORKSPACES.map((w) => [w, { files: 0, lines: [0, 0], branches: [0, 0] }]));
for (const [file, figures] of Object.entries(summary)) {
  if (file === 'total') continue;
  const workspace = WORKSPACES.find((w) => relative(root, file).startsWith(`${w}/`));
  if (!workspace) continue;
  const t = totals.get(workspace);
  t.files += 1;
  t.lines[0] += figures.lines.covered;
  t.lines[1] += figures.lines.total;
  t.branches[0] += figures.branches.covered;
  t.branches[1] += figures.branches.total;
}
const pct = ([covered, total]) => (total === 0 ? '—' : `${((100 * covered) / total).toFixed(1)} %`);
console.log('\nCoverage per workspace (unit and integration tests):');
for (const [workspace, t] of totals) {
  console.log(
    `  ${workspace.padEnd(18)} ${String(t.files).padStart(4)} files   lines ${pct(t.lines).padStart(7)}   branches ${pct(t.branches).padStart(7)}`,
  );
}
