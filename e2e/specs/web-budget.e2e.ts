import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteJs, routeInitialJs, webBuildArgs } from '../../bench/web-bundle/route-js';
import { REPO_ROOT } from '../support/server-process';

/**
 * JavaScript budgets of issue 11: what a page needs before it renders (entry chunk and its static
 * imports, the route's chunk and its static imports, the language's translation chunks; gzip level
 * 9, as the build precompresses them). Sizes, not timings. The suite's own build may be the
 * unminified coverage build, so this spec makes a production build of its own (with a manifest) in
 * a temp directory.
 *
 * The goals are 130 kB for `/` and 150 kB for every route; they are not met yet (on
 * 2026-11-26: `/` 148.2 kB, the worst route `/jp/competition` 199.1 kB; the entry's libraries alone,
 * react-dom, react-router and i18next, are about 108 kB). Until they are, the spec holds the line
 * where it is: it fails when a page grows past today's ceiling, and prints the distance to the goal.
 * Lower the ceilings as pages shrink; they meet the goals when the goals are met.
 */
const KB = 1000;
const ROUTE_GOAL = 150 * KB;
const HOME_GOAL = 130 * KB;
const ROUTE_CEILING = 202 * KB;
const HOME_CEILING = 150 * KB;

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
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const over = (budget: number, list: RouteJs[]) =>
  list.filter((r) => r.gzip > budget).map((r) => `${r.path} ${(r.gzip / KB).toFixed(1)} kB`);

describe('initial JavaScript per route (gzip)', () => {
  it('measures every route module in every language', () => {
    expect(routes).toHaveLength(9 * 9);
    // The route chunk and a translation chunk are part of what is counted, not only the entry.
    const competition = routes.find((r) => r.path === '/fr/competition');
    const entryOnly = routes.find((r) => r.path === '/error/1');
    expect(competition!.files.length).toBeGreaterThan(entryOnly!.files.length);
  });

  it(`keeps / at ${HOME_CEILING / KB} kB or less (goal ${HOME_GOAL / KB} kB)`, () => {
    const home = routes.filter((r) => r.route === 'home' && r.locale === 'en');
    console.log(
      `[budget] over the goal of ${HOME_GOAL / KB} kB: ${over(HOME_GOAL, home).join(', ') || 'none'}`,
    );
    expect(over(HOME_CEILING, home)).toEqual([]);
  });

  it(`keeps every route, in every language, at ${ROUTE_CEILING / KB} kB or less (goal ${ROUTE_GOAL / KB} kB)`, () => {
    console.log(
      `[budget] routes over the goal of ${ROUTE_GOAL / KB} kB: ${over(ROUTE_GOAL, routes).length} of ${routes.length}`,
    );
    expect(over(ROUTE_CEILING, routes)).toEqual([]);
  });
});
