#!/usr/bin/env node
// Prints where a test run's time went, from Vitest's JSON report (`reporters: [..., 'json']` in the
// root and e2e configs): the run's span, the time its files took together, and the slowest files
// with their duration (Vitest's start and end of the file's run; imports before it are not counted). CI
// prints it after each suite, so every run says which files to look at first when it grows.
//
//   node scripts/slowest-files.mjs <report.json> [--top N]
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const [file, ...rest] = process.argv.slice(2);
const topIndex = rest.indexOf('--top');
const top = topIndex >= 0 ? Number(rest[topIndex + 1]) : 15;
if (!file || !existsSync(file)) {
  console.log(`[timings] no report at ${file ?? '(none given)'}: the run ended before writing it`);
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const files = (report.testResults ?? [])
  .filter((r) => Number.isFinite(r.startTime) && Number.isFinite(r.endTime))
  .map((r) => ({
    name: relative(root, r.name),
    ms: r.endTime - r.startTime,
    start: r.startTime,
    end: r.endTime,
  }));
if (files.length === 0) {
  console.log(`[timings] ${relative(root, file)}: no file timings`);
  process.exit(0);
}
const span = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
const sum = files.reduce((total, f) => total + f.ms, 0);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `\n[timings] ${relative(root, file)}: ${files.length} files, span ${seconds(span)}, files together ${seconds(sum)}`,
);
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, top)) {
  console.log(`  ${seconds(f.ms).padStart(9)}  ${f.name}`);
}
