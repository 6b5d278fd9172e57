import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: plain JavaScript without type declarations (the library c8 merges V8 coverage with)
import { mergeProcessCovs } from '@bcoe/v8-coverage';
import astV8ToIstanbul from 'ast-v8-to-istanbul';
import { parseAstAsync } from 'vitest/node';
import { E2E_COVERAGE_RAW_DIR } from './coverage.js';
import { REPO_ROOT } from './server-process.js';

const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');
/** One istanbul coverage map per script of the bundle, read by scripts/coverage-merge.mjs. */
export const E2E_COVERAGE_FILE = join(REPO_ROOT, 'reports/coverage-e2e/coverage-chunks.json');

interface ScriptCoverage {
  url: string;
  functions: { functionName: string; isBlockCoverage: boolean; ranges: unknown[] }[];
}

/**
 * Maps the pages' raw V8 coverage back to the web app's sources: the runs of each script are merged
 * first (the same merge c8 uses), then each script is converted once, through its hidden source
 * map, with the same AST-aware converter the unit tests' V8 coverage uses. Sources outside
 * `apps/web/src` (React, the router…) are dropped. The raw files and the source maps are removed
 * afterwards, so the served build keeps no maps.
 */
export async function writeE2eCoverage(): Promise<{ scripts: number; files: number } | null> {
  if (!existsSync(E2E_COVERAGE_RAW_DIR)) return null;
  const runs = readdirSync(E2E_COVERAGE_RAW_DIR).map((name) => ({
    result: JSON.parse(readFileSync(join(E2E_COVERAGE_RAW_DIR, name), 'utf8')) as ScriptCoverage[],
  }));
  const merged = mergeProcessCovs(runs).result as ScriptCoverage[];
  const chunks: unknown[] = [];
  const files = new Set<string>();
  for (const script of merged) {
    const file = join(WEB_DIST, script.url);
    if (!existsSync(file) || !existsSync(`${file}.map`)) continue;
    const code = readFileSync(file, 'utf8');
    const data = await astV8ToIstanbul({
      code,
      ast: parseAstAsync(code),
      sourceMap: JSON.parse(readFileSync(`${file}.map`, 'utf8')),
      coverage: { url: pathToFileURL(file).href, functions: script.functions as never },
    });
    const own = Object.fromEntries(Object.entries(data).filter(([path]) => path.includes('/apps/web/src/')));
    for (const path of Object.keys(own)) files.add(path);
    if (Object.keys(own).length > 0) chunks.push(own);
  }
  mkdirSync(join(E2E_COVERAGE_FILE, '..'), { recursive: true });
  writeFileSync(E2E_COVERAGE_FILE, JSON.stringify(chunks));
  rmSync(E2E_COVERAGE_RAW_DIR, { recursive: true, force: true });
  for (const name of readdirSync(join(WEB_DIST, 'assets'))) {
    if (/\.map(\.br|\.gz)?$/.test(name)) rmSync(join(WEB_DIST, 'assets', name));
  }
  return { scripts: merged.length, files: files.size };
}
