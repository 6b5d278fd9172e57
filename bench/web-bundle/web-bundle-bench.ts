import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadavg, REPO_ROOT, writeResult } from '../lib/env.js';
import { kib, table } from '../lib/stats.js';
import { ROUTE_EXAMPLE_PATH, routeInitialJs, webBuildArgs } from './route-js.js';

interface Asset {
  file: string;
  raw: number;
  gzip: number;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const sizeOf = (path: string, root: string): Asset => {
  const content = readFileSync(path);
  return { file: relative(root, path), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
};

/**
 * Builds the web app (`npm run build -w @cwh/web`, into a temp outDir so apps/web/dist is left
 * alone) and reports what the first page load fetches (scripts, module preloads and stylesheets
 * referenced by index.html) against the lazy chunks.
 */
export async function webBundleBench(_argv: readonly string[]): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'cwh-web-bench-'));
  try {
    const started = Date.now();
    const build = spawnSync('npm', webBuildArgs(outDir, 'warn'), { cwd: REPO_ROOT, encoding: 'utf8' });
    const buildSeconds = (Date.now() - started) / 1000;
    if (build.status !== 0) {
      console.error(`web build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
      return;
    }
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const referenced = new Set(
      [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => join(outDir, m[1]!)),
    );
    const assets = walk(outDir)
      .filter((f) => /\.(js|css)$/.test(f))
      .map((f) => ({ ...sizeOf(f, outDir), initial: referenced.has(f) }));
    const initial = assets.filter((a) => a.initial);
    const lazy = assets.filter((a) => !a.initial && a.file.endsWith('.js')).sort((a, b) => b.raw - a.raw);
    const sum = (list: Asset[], ext: string, key: 'raw' | 'gzip') =>
      list.filter((a) => a.file.endsWith(ext)).reduce((acc, a) => acc + a[key], 0);
    const totals = {
      initialJs: { raw: sum(initial, '.js', 'raw'), gzip: sum(initial, '.js', 'gzip') },
      initialCss: { raw: sum(initial, '.css', 'raw'), gzip: sum(initial, '.css', 'gzip') },
      lazyJs: { raw: sum(lazy, '.js', 'raw'), gzip: sum(lazy, '.js', 'gzip'), chunks: lazy.length },
      allCss: { raw: sum(assets, '.css', 'raw'), gzip: sum(assets, '.css', 'gzip') },
    };
    console.log(
      `web bundle (vite build in ${buildSeconds.toFixed(1)} s, loadavg ${loadavg()}); gzip = node:zlib level 9`,
    );
    console.log(
      table([
        ['', 'raw', 'gzip'],
        ['initial JS (index.html scripts + preloads)', kib(totals.initialJs.raw), kib(totals.initialJs.gzip)],
        ['initial CSS', kib(totals.initialCss.raw), kib(totals.initialCss.gzip)],
        [`lazy JS (${lazy.length} chunks)`, kib(totals.lazyJs.raw), kib(totals.lazyJs.gzip)],
      ]),
    );
    console.log('\ninitial files:');
    console.log(table([['file', 'raw', 'gzip'], ...initial.map((a) => [a.file, kib(a.raw), kib(a.gzip)])]));
    console.log('\nlargest lazy chunks:');
    console.log(
      table([['file', 'raw', 'gzip'], ...lazy.slice(0, 8).map((a) => [a.file, kib(a.raw), kib(a.gzip)])]),
    );
    // Per route (e2e/specs/web-budget.e2e.ts asserts the budgets): entry + route chunk + texts, gzip.
    const routes = routeInitialJs(outDir);
    const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    console.log(
      "\ninitial JS per route (entry + route chunk + the language's texts; kB = 1000 bytes, gzip):",
    );
    console.log(
      table([
        ['route', 'en', 'fr', 'largest (language)'],
        ...Object.entries(ROUTE_EXAMPLE_PATH).map(([route, path]) => {
          const of = routes.filter((r) => r.route === route);
          const largest = of.reduce((a, b) => (b.gzip > a.gzip ? b : a));
          const gz = (locale: string) => kB(of.find((r) => r.locale === locale)!.gzip);
          return [path, gz('en'), gz('fr'), `${kB(largest.gzip)} (${largest.locale})`];
        }),
      ]),
    );
    const perRoute = routes.map(({ files: _files, ...rest }) => rest);
    const file = writeResult('web-bundle', {
      buildSeconds,
      loadavg: loadavg(),
      totals,
      initial,
      lazy,
      perRoute,
    });
    console.log(`→ ${file}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
