import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { API, MATCH_UP_FOUND_EVENT } from '@cwh/contract';
import { summarizeCpuProfile } from '../lib/cpu-profile.js';
import { cpuSince, cpuSnapshot, type DbChoice, loadavg, machine, RESULTS_DIR, sleep } from '../lib/env.js';
import {
  createBenchDatabase,
  type ProcessSample,
  prepareBenchDatabase,
  type ServerProcess,
  sampleProcess,
  startServer,
} from '../lib/server.js';
import { ms, summarize } from '../lib/stats.js';
import { FLOOR_SCRIPT, floorTarget } from './floor-target.js';
import type { Client, Options, QueueRunResult } from './queue-bench-types.js';
import { connectClient, http, joinBody, measureRtt, pool } from './queue-clients.js';
import { runBurstPhase, runSequentialPhase } from './queue-phases.js';
import { fillDatabase } from './queue-setup.js';

/** One benchmark run against one database: setup, sockets, phase 1, sequential and burst phases. */
export async function runOne(
  kind: DbChoice,
  o: Options,
  log: (line: string) => void,
): Promise<QueueRunResult> {
  const loadavgStart = loadavg();
  const setupStarted = performance.now();
  const floor = o.floor ? floorTarget(o) : null;
  const bench = floor?.bench ?? (await createBenchDatabase(kind));
  let server: ServerProcess | null = null;
  const clients: Client[] = [];
  const memory: Record<string, ProcessSample | null> = {};
  let deadline = Number.POSITIVE_INFINITY;
  let aborted: string | null = null;
  const profileDir = join(RESULTS_DIR, 'profiles', `queue-${kind}-${Date.now()}`);
  try {
    log(`[${kind}] preparing ${o.captains} captains in ${bench.label} …`);
    const captains =
      floor?.captains ??
      (await prepareBenchDatabase(bench, (database, now) => fillDatabase(database, now, o)));
    if (o.profile) mkdirSync(profileDir, { recursive: true });
    server = await startServer(
      { ...bench.env, ...o.serverEnv },
      o.profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
      floor ? FLOOR_SCRIPT : undefined,
    );
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    deadline = Date.now() + o.maxSeconds * 1000;
    const base = server.base;
    const pid = server.pid;
    await sleep(500);
    memory.started = sampleProcess(pid);
    log(
      `[${kind}] server pid ${pid} at ${base} (setup ${setupSeconds.toFixed(1)} s); connecting ${o.captains} sockets …`,
    );

    // ── Sockets ─────────────────────────────────────────────────────────────
    const connectStarted = performance.now();
    const bindLatencies: number[] = [];
    let failures = 0;
    const byIndex: (Client | undefined)[] = [];
    await pool(captains, o.connectConcurrency, async (captain, i) => {
      const result = await connectClient(base, captain);
      if (!result) {
        failures++;
        return;
      }
      bindLatencies.push(result.bindMs);
      byIndex[i] = result.client;
      clients.push(result.client);
    });
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    memory.socketsConnected = sampleProcess(pid);
    log(`[${kind}] ${clients.length} sockets bound in ${connectSeconds.toFixed(1)} s (${failures} failed)`);

    const rttIdle = await measureRtt(clients, o.rtt);
    log(`[${kind}] bare socket.io RTT (idle): p50 ${ms(rttIdle.p50)} p99 ${ms(rttIdle.p99)}`);

    // ── Phase 1: the waiting half joins ───────────────────────────────────────
    const waitingClients = byIndex.slice(0, o.waiting);
    const joinerClients = byIndex.slice(o.waiting);
    const phase1Http: number[] = [];
    let phase1Errors = 0;
    let firstError = '';
    const p1Started = performance.now();
    await pool(o.httpPhase1 ? waitingClients : [], 50, async (client) => {
      if (!client) return;
      const started = performance.now();
      const r = await http(
        base,
        client.captain,
        'POST',
        `${API.matches}/queue/${client.captain.rosterId}/join`,
        joinBody(client.captain),
      );
      phase1Http.push(performance.now() - started);
      if (r.status !== 200) {
        phase1Errors++;
        firstError ||= `${r.status} ${r.text.slice(0, 300)}`;
      }
    });
    const p1Seconds = (performance.now() - p1Started) / 1000;
    if (firstError) log(`[${kind}] phase 1 join error: ${firstError}`);
    log(
      `[${kind}] phase 1: ${o.waiting - phase1Errors} waiting (${o.httpPhase1 ? `joined over HTTP in ${p1Seconds.toFixed(1)} s` : 'inserted at setup'}); settling …`,
    );
    // Let the matchmaker tick over the full queue, then measure the idle CPU with the queue waiting and
    // nothing else happening: the server process and (PostgreSQL) the bench database's backends.
    await sleep(1_000);
    const backendsBefore = await bench.backendPids();
    const dbBefore = new Map(backendsBefore.map((p) => [p, sampleProcess(p)?.cpuSeconds ?? 0]));
    const cpuBefore = sampleProcess(pid);
    const idleStarted = performance.now();
    await sleep(o.idleSeconds * 1000);
    const cpuAfter = sampleProcess(pid);
    const idleWall = (performance.now() - idleStarted) / 1000;
    const backendsAfter = await bench.backendPids();
    let dbCpu = 0;
    for (const p of new Set([...backendsBefore, ...backendsAfter])) {
      const after = sampleProcess(p)?.cpuSeconds;
      if (after !== undefined) dbCpu += after - (dbBefore.get(p) ?? 0);
    }
    const serverCpuPerSecondIdle =
      cpuBefore && cpuAfter ? (cpuAfter.cpuSeconds - cpuBefore.cpuSeconds) / idleWall : Number.NaN;
    const dbCpuPerSecondIdle = kind === 'postgres' ? dbCpu / idleWall : Number.NaN;
    const unexpectedMatchUps = waitingClients.filter((c) =>
      c?.seen.some((s) => s.event === MATCH_UP_FOUND_EVENT),
    ).length;
    memory.queueWaiting = sampleProcess(pid);
    const rttWithQueue = await measureRtt(clients, o.rtt);
    log(
      `[${kind}] idle CPU with ${o.waiting} waiting (${o.idleSeconds} s): server ${(serverCpuPerSecondIdle * 100).toFixed(1)} % of a core` +
        `${kind === 'postgres' ? `, PostgreSQL backends ${(dbCpuPerSecondIdle * 100).toFixed(1)} %` : ''}; RTT p50 ${ms(rttWithQueue.p50)} p99 ${ms(rttWithQueue.p99)}`,
    );

    // ── Phase 2a: joiners one by one ──────────────────────────────────────────
    // Joiner k pairs with waiting roster k; joiners beyond the waiting half have no partner and stay idle.
    const pairs = joinerClients
      .slice(0, o.waiting)
      .map((joiner, k) => ({ joiner, partner: waitingClients[k] }));
    const sequentialCount = Math.min(o.sequential, pairs.length);
    const phase = { base, kind, deadline, log };
    const seqRun = await runSequentialPhase(phase, pairs, sequentialCount);
    const sequential = seqRun.sequential;
    aborted = seqRun.aborted ?? aborted;
    memory.afterSequential = sampleProcess(pid);

    // ── Phase 2b: the rest joins in bursts ────────────────────────────────────
    const rest = pairs.slice(sequentialCount);
    const burstCpu = cpuSnapshot();
    const burstRun = await runBurstPhase(phase, o, rest, sequential.starved);
    const bursts = burstRun.bursts;
    aborted = burstRun.aborted ?? aborted;
    memory.end = sampleProcess(pid);
    // CPU per match-up of the bursts (join, found, both accepts): the server, PostgreSQL, the bots.
    // CPU time hardly moves with the machine's load, so it tells what a match-up costs.
    const burstCpuUsed = cpuSince(burstCpu);
    const perMatchUp = (msUsed: number | null) =>
      msUsed !== null && bursts.found > 0 ? msUsed / bursts.found : Number.NaN;
    const serverBurstMs =
      memory.afterSequential && memory.end
        ? (memory.end.cpuSeconds - memory.afterSequential.cpuSeconds) * 1000
        : null;
    const burstCpuMs = {
      server: perMatchUp(serverBurstMs),
      postgres: kind === 'postgres' ? perMatchUp(burstCpuUsed.postgresMs) : Number.NaN,
      bots: perMatchUp(burstCpuUsed.nodeMs),
    };
    log(
      `[${kind}] bursts CPU per match-up: server ${burstCpuMs.server.toFixed(2)} ms, PostgreSQL ${burstCpuMs.postgres.toFixed(2)} ms, bots ${burstCpuMs.bots.toFixed(2)} ms`,
    );
    const serverCpuSeconds = memory.end?.cpuSeconds ?? Number.NaN;

    for (const c of clients) c.socket.disconnect();
    await server.stop();
    const profile = o.profile ? summarizeCpuProfile(profileDir) : null;
    const serverErrors = server
      .output()
      .split('\n')
      .filter((l) => /"level":(40|50|60)/.test(l))
      .slice(-5)
      .join('\n');
    server = null;
    return {
      db: kind,
      label: bench.label,
      options: o,
      machine: machine(),
      loadavgStart,
      loadavgEnd: loadavg(),
      setupSeconds,
      connect: {
        sockets: clients.length,
        seconds: connectSeconds,
        bindLatency: summarize(bindLatencies),
        failures,
      },
      rttIdle,
      rttWithQueue,
      phase1: {
        joined: o.waiting - phase1Errors,
        errors: phase1Errors,
        seconds: p1Seconds,
        joinHttp: summarize(phase1Http),
        unexpectedMatchUps,
        serverCpuPerSecondIdle,
        dbCpuPerSecondIdle,
        idleSeconds: o.idleSeconds,
      },
      sequential,
      bursts: { ...bursts, cpuMsPerMatchUp: burstCpuMs },
      memory,
      serverCpuSeconds,
      serverErrors,
      profile,
      aborted,
    };
  } finally {
    for (const c of clients) c.socket.disconnect();
    await server?.stop().catch(() => {});
    await bench.dispose().catch((e: unknown) => log(`[${kind}] cleanup failed: ${String(e)}`));
  }
}
