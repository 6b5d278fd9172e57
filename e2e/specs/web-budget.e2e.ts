import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTE_EXAMPLE_PATH,
  type RouteJs,
  routeInitialJs,
  webBuildArgs,
} from '../../bench/web-bundle/route-js';
import { REPO_ROOT } from '../support/server-process';

/**
 * JavaScript budgets of issue 11: what a page needs before it renders (entry chunk and its static
 * imports, the route's chunk and its static imports, the language's translation chunks; gzip level
 * 9, as the build precompresses them). Sizes, not timings. The suite's own build may be the
 * unminified coverage build, so this spec makes a production build of its own (with a manifest) in
 * a temp directory.
 *
 * Issue 11's budgets (130 kB for `/`, 150 kB for every route) were met with Preact's compat layer;
 * issue 33 brought React DOM back (about 60 kB of every page) with the public pages' HTML rendered by
 * the server, so a page paints before its JavaScript runs. The budgets are what React allows today
 * (2026-12-07 14:10 UTC, after the languages' text tables left the first chunk and the header got the
 * notification bell: `/` 155.4 kB, the worst route `/jp/match/1` 209.0 kB, a signed-in player's
 * match room), with a little room; issue 33's goals, 150 kB for `/` and 190 kB for every route, are
 * not met yet (bench/README.md).
 */
const KB = 1000;
const ROUTE_BUDGET = 212 * KB;
const HOME_BUDGET = 158 * KB;

let outDir = '';
let routes: RouteJs[] = [];

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'cwh-web-budget-'));
  const env = { ...process.env };
  delete env.WEB_COVERAGE_BUILD;
  delete env.WEB_OUT_DIR;
  execFileSync('npm', webBuildArgs(outDir, 'error'), { cwd: REPO_ROOT, stdio: 'inherit', env });
  routes = routeInitialJs(outDir);
  for (const r of routes.filter((r) => r.locale === 'en' || r.locale === 'fr')) {
    console.log(`[budget] ${r.path}: ${(r.gzip / KB).toFixed(1)} kB gzip (${r.files.length} files)`);
  }
  // A limit, not a timing: the build is two builds now (the browser's and the server renderer), and
  // on two loaded cores it passed the suite's 180 s hook limit.
}, 600_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const over = (budget: number, list: RouteJs[]) =>
  list.filter((r) => r.gzip > budget).map((r) => `${r.path} ${(r.gzip / KB).toFixed(1)} kB`);

describe('initial JavaScript per route (gzip)', () => {
  it('measures every route module in every language', () => {
    expect(routes).toHaveLength(Object.keys(ROUTE_EXAMPLE_PATH).length * 9);
    // The route chunk and a translation chunk are part of what is counted, not only the entry.
    const competition = routes.find((r) => r.path === '/fr/competition');
    const entryOnly = routes.find((r) => r.path === '/error/1');
    expect(competition!.files.length).toBeGreaterThan(entryOnly!.files.length);
  });

  it('ships React DOM in the first load, and no Preact', () => {
    const home = routes.find((r) => r.path === '/');
    const code = home!.files.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
    expect(code).toContain('rendererPackageName:`react-dom`');
    expect(code).not.toMatch(/preact/i);
  });

  it(`keeps / at ${HOME_BUDGET / KB} kB or less`, () => {
    const home = routes.filter((r) => r.route === 'home' && r.locale === 'en');
    expect(home).toHaveLength(1);
    expect(over(HOME_BUDGET, home)).toEqual([]);
  });

  it(`keeps every route, in every language, at ${ROUTE_BUDGET / KB} kB or less`, () => {
    const worst = routes.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    console.log(`[budget] the largest: ${worst.path} ${(worst.gzip / KB).toFixed(1)} kB`);
    expect(over(ROUTE_BUDGET, routes)).toEqual([]);
  });
});
