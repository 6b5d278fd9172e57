import { performance } from 'node:perf_hooks';
import { API } from '@cwh/contract';
import type { DbChoice } from '../lib/env.js';
import { ms, summarize } from '../lib/stats.js';
import type { Client, Options, PhaseResult } from './queue-bench-types.js';
import { acceptPair, http, joinAndWait } from './queue-clients.js';

const JOIN_TIMEOUT_MS = 5_000;
const BURST_TIMEOUT_MS = 15_000;
/** Consecutive sequential joiners without a match-up before the phase is declared starved. */
const STARVED_AFTER = 3;

/** What a phase needs of its run: the server, the database kind (log prefix), the time budget, the log. */
export interface PhaseRun {
  base: string;
  kind: DbChoice;
  deadline: number;
  log: (line: string) => void;
}

/** A joiner and the waiting roster it pairs with. */
export interface PhasePair {
  joiner: Client | undefined;
  partner: Client | undefined;
}

/** Phase 2a: joiners one by one (join → match_up_found → both accept), until starved or out of time. */
export async function runSequentialPhase(
  { base, kind, deadline, log }: PhaseRun,
  pairs: PhasePair[],
  sequentialCount: number,
) {
  let aborted: string | null = null;
  const seq = {
    lat: [] as number[],
    http: [] as number[],
    accept: [] as number[],
    timeouts: 0,
    acceptTimeouts: 0,
    starved: false,
  };
  const seqStarted = performance.now();
  let consecutiveTimeouts = 0;
  let seqDone = 0;
  for (const { joiner, partner } of pairs.slice(0, sequentialCount)) {
    if (Date.now() > deadline) {
      aborted = 'time budget';
      break;
    }
    if (!joiner || !partner) continue;
    seqDone++;
    const r = await joinAndWait(base, joiner, JOIN_TIMEOUT_MS);
    seq.http.push(r.httpMs);
    if (!r.ok) {
      seq.timeouts++;
      consecutiveTimeouts++;
      if (r.error !== 'timeout') log(`[${kind}] join failed: ${r.error}`);
      if (consecutiveTimeouts >= STARVED_AFTER) {
        seq.starved = true;
        log(
          `[${kind}] sequential phase: ${STARVED_AFTER} joiners in a row got no match-up in ${JOIN_TIMEOUT_MS} ms → starved, stopping`,
        );
        break;
      }
      continue;
    }
    consecutiveTimeouts = 0;
    seq.lat.push(r.latency);
    const accepted = await acceptPair(base, partner, joiner, r.id);
    if (accepted === null) seq.acceptTimeouts++;
    else seq.accept.push(accepted);
  }
  const seqWall = (performance.now() - seqStarted) / 1000;
  const sequential: PhaseResult = {
    joiners: seqDone,
    found: seq.lat.length,
    timeouts: seq.timeouts,
    starved: seq.starved,
    joinToFound: summarize(seq.lat),
    joinHttp: summarize(seq.http),
    acceptToBoth: summarize(seq.accept),
    acceptTimeouts: seq.acceptTimeouts,
    wallSeconds: seqWall,
    matchUpsPerSecond: seq.lat.length / seqWall,
  };
  log(
    `[${kind}] sequential: ${seq.lat.length}/${seqDone} found; join→found p50 ${ms(sequential.joinToFound.p50)} p99 ${ms(sequential.joinToFound.p99)}; accept→both p50 ${ms(sequential.acceptToBoth.p50)}`,
  );
  return { sequential, aborted };
}

/**
 * Phase 2b: the rest joins in bursts of `o.burst`, each pair accepting at once. Before each burst
 * (untimed), its captains read their queue status, as the page they join from does, so each joins
 * over a kept-alive connection as a browser on the site would. Without it (`--cold-connections`) the
 * burst also opens its connections: 200 at once, of which a few then waited up to a second for their
 * first answer in about one run of three (bench/README.md, "queue: join → match_up_found on one hub").
 */
export async function runBurstPhase(
  { base, kind, deadline, log }: PhaseRun,
  o: Options,
  rest: PhasePair[],
  sequentialStarved: boolean,
) {
  let aborted: string | null = null;
  const burst = {
    lat: [] as number[],
    http: [] as number[],
    accept: [] as number[],
    timeouts: 0,
    acceptTimeouts: 0,
    starved: false,
    wall: 0,
    count: 0,
    joiners: 0,
  };
  for (let b = 0; b < rest.length && !sequentialStarved; b += o.burst) {
    if (Date.now() > deadline) {
      aborted = 'time budget';
      break;
    }
    const group = rest.slice(b, b + o.burst).filter((p) => p.joiner && p.partner);
    burst.count++;
    burst.joiners += group.length;
    if (group.length === 0) break;
    if (!o.coldConnections) {
      await Promise.all(
        group.map((p) =>
          http(base, p.joiner!.captain, 'GET', `${API.matches}/queue/${p.joiner!.captain.rosterId}/status`),
        ),
      );
    }
    const started = performance.now();
    // Each joiner: join → match_up_found → the pair accepts at once (inside the 15 s window).
    const outcomes = await Promise.all(
      group.map(async (p) => {
        const r = await joinAndWait(base, p.joiner!, BURST_TIMEOUT_MS);
        const accepted = r.ok ? await acceptPair(base, p.partner!, p.joiner!, r.id) : null;
        return { r, accepted };
      }),
    );
    const results = outcomes.map((o) => o.r);
    let lastFound = started;
    let found = 0;
    for (const { r, accepted } of outcomes) {
      burst.http.push(r.httpMs);
      if (r.ok) {
        found++;
        burst.lat.push(r.latency);
        lastFound = Math.max(lastFound, r.at);
        if (accepted === null) burst.acceptTimeouts++;
        else burst.accept.push(accepted);
      } else burst.timeouts++;
    }
    if (found > 0) burst.wall += (lastFound - started) / 1000;
    if (found === 0) {
      burst.starved = true;
      log(
        `[${kind}] burst ${burst.count}: no joiner got a match-up in ${BURST_TIMEOUT_MS} ms → starved, stopping`,
      );
      break;
    }
    if (burst.count % 5 === 1) {
      const s = summarize(results.flatMap((r) => (r.ok ? [r.latency] : [])));
      log(
        `[${kind}] burst ${burst.count} (${group.length}): ${found} found, p50 ${ms(s.p50)} p99 ${ms(s.p99)} max ${ms(s.max)}`,
      );
    }
  }
  const bursts = {
    joiners: burst.joiners,
    found: burst.lat.length,
    timeouts: burst.timeouts,
    starved: burst.starved,
    joinToFound: summarize(burst.lat),
    joinHttp: summarize(burst.http),
    acceptToBoth: summarize(burst.accept),
    acceptTimeouts: Math.max(0, burst.acceptTimeouts),
    wallSeconds: burst.wall,
    matchUpsPerSecond: burst.wall > 0 ? burst.lat.length / burst.wall : 0,
    burstSize: o.burst,
    burstCount: burst.count,
  };
  log(
    `[${kind}] bursts: ${bursts.found}/${bursts.joiners} found; join→found p50 ${ms(bursts.joinToFound.p50)} p99 ${ms(bursts.joinToFound.p99)}; ${bursts.matchUpsPerSecond.toFixed(0)} match-ups/s`,
  );
  return { bursts, aborted };
}
