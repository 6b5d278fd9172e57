import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { seedDemoLadder } from '../../apps/server/src/seed/demo-ladder-seed.js';
import { dbArg, intArg, loadavg, machine, parseArgs, REPO_ROOT, writeResult } from '../lib/env.js';
import { createBenchDatabase, prepareBenchDatabase, startServer } from '../lib/server.js';
import { percentile, table } from '../lib/stats.js';
import { BENCH_CAPTAIN_TAG, findMatchTti } from './find-match-tti.js';

/**
 * First contentful paint on a throttled mid-range phone (issue 11: under 1.5 s with fast 4G and a
 * 4× CPU slowdown), in Debian's headless Chromium through playwright-core, against the production
 * server: the web built as `npm start` builds it (precompressed brotli and gzip), served by the hub
 * (NODE_ENV=production) over a demo-seeded database. Every load is a cold one (new browser context:
 * empty cache, no cookies). Network throttling and the CPU slowdown are Chrome's own (CDP
 * Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate).
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

/** Chrome DevTools' "Fast 4G" throughput; `--latency` ms of round trip (default 60). */
const DOWN_BITS = 9_000_000;
const UP_BITS = 1_500_000;

interface Load {
  fcp: number;
  /** Largest contentful paint: the last candidate once the page has loaded. */
  lcp: number;
  domContentLoaded: number;
  /** Bytes on the wire (encoded) of the scripts and of everything, and requests, until FCP is read. */
  scriptBytes: number;
  totalBytes: number;
  requests: number;
}

export async function fcpBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const runs = intArg(args, 'runs', 7);
  const latency = intArg(args, 'latency', 60);
  const cpu = intArg(args, 'cpu', 4);
  const [kind] = dbArg(args, 'postgres');
  const pages = ['/', '/fr/competition', '/leaderboard'];
  const before = loadavg();
  console.log(
    `fcp: ${runs} cold loads per page, ${DOWN_BITS / 1e6} / ${UP_BITS / 1e6} Mbps, ${latency} ms RTT, CPU ×${cpu}; loadavg ${before}`,
  );

  // `--web-dist <dir>`: serve a web built elsewhere (another commit's, for a before/after) as is.
  const prebuilt = typeof args.get('web-dist') === 'string' ? (args.get('web-dist') as string) : null;
  const outDir = prebuilt ?? mkdtempSync(join(tmpdir(), 'cwh-fcp-web-'));
  const database = await createBenchDatabase(kind!);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const build = prebuilt
      ? { status: 0, stdout: '', stderr: '' }
      : spawnSync('npm', ['run', 'build', '-w', '@cwh/web', '--', '--outDir', outDir, '--emptyOutDir'], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          env: { ...process.env, WEB_COVERAGE_BUILD: '', WEB_OUT_DIR: '' },
        });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
    // The demo ladder as `npm start` seeds it: its captains' locked rosters give My Team a Find Match.
    await prepareBenchDatabase(database, async (db, now) => {
      await seedDemoLadder(db.db, { now });
    });
    server = await startServer({
      ...database.env,
      WEB_DIST: outDir,
      ALLOW_SIMULATED_GAME_IN_PRODUCTION: 'true',
      // As `npm start`: the simulated game's players are offered on the sign-in page (the TTI run signs in).
      SIMULATOR_OPEN: 'true',
    });
    const base = server.base;

    const loadOnce = async (path: string): Promise<Load> => {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 412, height: 823 } });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency,
          downloadThroughput: DOWN_BITS / 8,
          uploadThroughput: UP_BITS / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        const types = new Map<string, string>();
        let scriptBytes = 0;
        let totalBytes = 0;
        let requests = 0;
        cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
        cdp.on('Network.loadingFinished', (e) => {
          requests += 1;
          totalBytes += e.encodedDataLength;
          if (types.get(e.requestId) === 'Script') scriptBytes += e.encodedDataLength;
        });
        await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 60_000 });
        // In the page (a string: this package has no DOM types): FCP once painted, DOMContentLoaded.
        const timing = await page.evaluate<{
          fcp: number;
          domContentLoaded: number;
        }>(`new Promise((resolve) => {
          const nav = performance.getEntriesByType('navigation')[0];
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve({ fcp: entry.startTime, domContentLoaded: nav.domContentLoadedEventEnd });
          }).observe({ type: 'paint', buffered: true });
        })`);
        // LCP: the latest candidate the browser reported (buffered), read once the page has loaded.
        const lcp = await page.evaluate<number>(`new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        })`);
        // What the page fetched until FCP is known (the idle prefetch of other pages' chunks comes later).
        return { ...timing, lcp, scriptBytes, totalBytes, requests };
      } finally {
        await context.close();
      }
    };

    const results: Record<string, Load[]> = {};
    for (const path of pages) {
      await loadOnce(path); // warm the server's caches; not counted
      results[path] = [];
      for (let i = 0; i < runs; i++) results[path]!.push(await loadOnce(path));
    }
    // Time to interactive of Find Match on My Team, a signed-in captain's cold load.
    const throttling = { downBits: DOWN_BITS, upBits: UP_BITS, latency, cpu };
    await findMatchTti(browser, base, throttling); // warm-up, not counted
    const tti: number[] = [];
    for (let i = 0; i < runs; i++) tti.push(await findMatchTti(browser, base, throttling));
    const after = loadavg();
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const kbOf = (v: number) => `${(v / 1000).toFixed(1)} kB`;
    const rows = pages.map((path) => {
      const loads = results[path]!;
      const fcp = loads.map((l) => l.fcp).sort((a, b) => a - b);
      const median = (pick: (l: Load) => number) =>
        percentile(
          loads.map(pick).sort((a, b) => a - b),
          50,
        );
      return [
        path,
        ms(percentile(fcp, 50)),
        `${ms(fcp[0]!)} / ${ms(fcp[fcp.length - 1]!)}`,
        ms(median((l) => l.lcp)),
        ms(median((l) => l.domContentLoaded)),
        kbOf(median((l) => l.scriptBytes)),
        kbOf(median((l) => l.totalBytes)),
        String(median((l) => l.requests)),
      ];
    });
    console.log(
      table([
        [
          'page',
          'FCP median',
          'min / max',
          'LCP median',
          'DOMContentLoaded',
          'JS on the wire',
          'all bytes',
          'requests',
        ],
        ...rows,
      ]),
    );
    const ttiSorted = [...tti].sort((a, b) => a - b);
    console.log(
      `Find Match interactive on /my-clan (captain ${BENCH_CAPTAIN_TAG}, cold cache): median ${ms(percentile(ttiSorted, 50))}, min / max ${ms(ttiSorted[0]!)} / ${ms(ttiSorted[ttiSorted.length - 1]!)}`,
    );
    console.log(
      `loadavg before ${before}, after ${after} (${database.label}; web ${prebuilt ?? 'built from this tree'})`,
    );
    const file = writeResult('fcp', {
      machine: machine(),
      loadavg: { before, after },
      throttling: { downBits: DOWN_BITS, upBits: UP_BITS, latencyMs: latency, cpuRate: cpu },
      database: kind,
      web: prebuilt ?? 'built from this tree',
      results,
      findMatchTtiMs: tti,
    });
    console.log(`→ ${file}`);
  } finally {
    await browser.close();
    await server?.stop();
    await database.dispose();
    if (!prebuilt) rmSync(outDir, { recursive: true, force: true });
  }
}
