import { mib, ms, type Summary, table } from '../lib/stats.js';
import type { QueueRunResult } from './queue-bench-types.js';

/** The comparison table of the runs (one column per database). */
export function render(results: QueueRunResult[]): string {
  const col = (f: (r: QueueRunResult) => string) => results.map(f);
  const head = ['', ...results.map((r) => (r.db === 'pglite' ? 'PGlite' : 'PostgreSQL'))];
  const lat = (s: Summary) => `${ms(s.p50)} / ${ms(s.p90)} / ${ms(s.p99)} / ${ms(s.max)}`;
  const rows: string[][] = [
    head,
    [
      'captains (waiting + joiners)',
      ...col(
        (r) => `${r.options.captains} (${r.options.waiting} + ${r.options.captains - r.options.waiting})`,
      ),
    ],
    [
      'sockets bound / bind p50, p99',
      ...col(
        (r) => `${r.connect.sockets} / ${ms(r.connect.bindLatency.p50)}, ${ms(r.connect.bindLatency.p99)}`,
      ),
    ],
    ['bare socket.io RTT idle p50 / p99', ...col((r) => `${ms(r.rttIdle.p50)} / ${ms(r.rttIdle.p99)}`)],
    [
      'bare RTT, queue waiting p50 / p99',
      ...col((r) => `${ms(r.rttWithQueue.p50)} / ${ms(r.rttWithQueue.p99)}`),
    ],
    [
      'phase 1 (waiting half)',
      ...col((r) =>
        r.options.httpPhase1
          ? `HTTP ${r.phase1.seconds.toFixed(1)} s, p50 ${ms(r.phase1.joinHttp.p50)} p99 ${ms(r.phase1.joinHttp.p99)}`
          : 'rows inserted at setup',
      ),
    ],
    [
      'idle CPU, queue waiting: server / PG backends',
      ...col(
        (r) =>
          `${(r.phase1.serverCpuPerSecondIdle * 100).toFixed(1)} % / ${
            Number.isNaN(r.phase1.dbCpuPerSecondIdle)
              ? '—'
              : `${(r.phase1.dbCpuPerSecondIdle * 100).toFixed(1)} %`
          } core (${r.phase1.idleSeconds} s)`,
      ),
    ],
    ['unexpected match-ups in phase 1', ...col((r) => String(r.phase1.unexpectedMatchUps))],
    [
      'SEQUENTIAL found / joiners',
      ...col(
        (r) => `${r.sequential.found} / ${r.sequential.joiners}${r.sequential.starved ? ' STARVED' : ''}`,
      ),
    ],
    ['  join→found p50/p90/p99/max', ...col((r) => lat(r.sequential.joinToFound))],
    [
      '  join HTTP p50 / p99',
      ...col((r) => `${ms(r.sequential.joinHttp.p50)} / ${ms(r.sequential.joinHttp.p99)}`),
    ],
    ['  accept→both p50/p90/p99/max', ...col((r) => lat(r.sequential.acceptToBoth))],
    [
      'BURSTS found / joiners (size)',
      ...col(
        (r) =>
          `${r.bursts.found} / ${r.bursts.joiners} (${r.bursts.burstSize})${r.bursts.starved ? ' STARVED' : ''}`,
      ),
    ],
    ['  join→found p50/p90/p99/max', ...col((r) => lat(r.bursts.joinToFound))],
    ['  join HTTP p50 / p99', ...col((r) => `${ms(r.bursts.joinHttp.p50)} / ${ms(r.bursts.joinHttp.p99)}`)],
    ['  accept→both p50/p90/p99/max', ...col((r) => lat(r.bursts.acceptToBoth))],
    [
      'accept failures (seq / bursts)',
      ...col((r) => `${r.sequential.acceptTimeouts} / ${r.bursts.acceptTimeouts}`),
    ],
    ['  match-ups per second', ...col((r) => r.bursts.matchUpsPerSecond.toFixed(0))],
    [
      '  CPU ms per match-up: server / PostgreSQL / bots',
      ...col((r) => {
        const c = r.bursts.cpuMsPerMatchUp;
        return `${c.server.toFixed(2)} / ${Number.isNaN(c.postgres) ? '-' : c.postgres.toFixed(2)} / ${c.bots.toFixed(2)}`;
      }),
    ],
    [
      'server RSS start → sockets → end',
      ...col(
        (r) =>
          `${mib(r.memory.started?.rssBytes)} → ${mib(r.memory.socketsConnected?.rssBytes)} → ${mib(r.memory.end?.rssBytes)}`,
      ),
    ],
    ['server VmHWM (peak RSS)', ...col((r) => mib(r.memory.end?.hwmBytes))],
    ['server CPU total', ...col((r) => `${r.serverCpuSeconds.toFixed(1)} s`)],
    ['stopped early', ...col((r) => r.aborted ?? 'no')],
    ['setup (fixtures + server start)', ...col((r) => `${r.setupSeconds.toFixed(1)} s`)],
    ['loadavg start → end', ...col((r) => `${r.loadavgStart} → ${r.loadavgEnd}`)],
  ];
  return table(rows);
}
