import { performance } from 'node:perf_hooks';
import { HubApi } from './api.js';
import { Captain, drawTemper } from './captain.js';
import type { Doc } from './context.js';
import { pool, type SeasonContext, scaled, sleep } from './context.js';
import { createSeasonDatabase, type DbKind, freePort, HubInstance, REPO_ROOT, restartRedis } from './hub.js';
import {
  histogramQuantileMs,
  JOIN_TO_FOUND_METRIC,
  mergeHistograms,
  parseHistogram,
  shareAtMost,
} from './hub-metrics.js';
import { checkInvariants, type InvariantResult, readMatchUps } from './invariants.js';
import { runLadder } from './ladder.js';
import { type MatchingLatencies, matchingLatencies, noMatchingLatencies } from './matching.js';
import { type Summary, summarize, table, writeReport } from './report.js';
import { createSeasonEvent } from './setup.js';
import { missedCheckIns, runFinals, runQualifier } from './stages.js';
import { createRng, seasonWorld } from './world.js';

export interface SeasonOptions {
  clans: number;
  instances: number;
  db: DbKind;
  /** Compresses the season's calendar: its waits and windows are divided by it. */
  speed: number;
  chaos: boolean;
  /** Leave the database (PGlite directory, PostgreSQL database) in place for a look afterwards. */
  keepDatabase: boolean;
  seed: number;
  /** Ladder matches each team plays at most (the hub allows 6 a day). */
  ladderMatches: number;
  maxSwissRounds: number;
  redisUrl: string;
  /** PostgreSQL to create the season's database in (its /postgres database). */
  adminDatabaseUrl: string | undefined;
  reportDir: string | null;
  log: (line: string) => void;
  progress: (done: number, total: number, label: string) => void;
}

export const defaultOptions = (): SeasonOptions => ({
  clans: 32,
  instances: 1,
  db: 'pglite',
  speed: 1,
  chaos: false,
  keepDatabase: false,
  seed: Math.floor(Math.random() * 2 ** 31),
  ladderMatches: 3,
  maxSwissRounds: 5,
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  adminDatabaseUrl: undefined,
  reportDir: `${REPO_ROOT}/reports/season`,
  log: (line) => console.log(line),
  progress: () => {},
});

export interface SeasonReport {
  ok: boolean;
  options: Omit<SeasonOptions, 'log' | 'progress'>;
  database: string;
  seconds: number;
  stages: SeasonContext['stages'];
  latenciesMs: {
    joinToFound: Summary;
    /** The hub's share (matching.ts): found once the ladder's rules allow the pair. */
    matching: { atJoin: Summary; joinCall: Summary; byTime: Summary; requeued: number; unplaced: number };
    /**
     * The hub's own measure (hub-metrics.ts): join request → found notices sent, for joins newcomer
     * matching paired; quantiles interpolated in the histogram's buckets; lost with a killed instance.
     */
    hub: { count: number; p50: number | null; p99: number | null; shareUnder100ms: number | null };
    acceptToBoth: Summary;
    resultToStandings: Summary;
  };
  servers: { instance: number; cpuSeconds: number; peakRssMiB: number; starts: number; kills: number }[];
  statuses: Record<string, number>;
  errors: Record<string, number>;
  misconduct: Record<string, Record<string, number>>;
  chaos: { kills: number; redisRestarts: number; networkRetries: number; shed: number };
  invariants: InvariantResult[];
  champion: string | null;
  files: { json: string; svg: string } | null;
}

/** Kills and restarts instances at random (one at a time) and restarts Redis once. */
function startChaos(
  opts: SeasonOptions,
  instances: HubInstance[],
  rng: ReturnType<typeof createRng>,
  log: (l: string) => void,
) {
  let stopped = false;
  let redisRestarts = 0;
  const redisAt = Date.now() + rng.int(10_000, 30_000) / opts.speed;
  const loop = (async () => {
    while (!stopped) {
      await sleep(rng.int(6_000, 15_000) / opts.speed);
      if (stopped) break;
      if (redisRestarts === 0 && opts.instances > 1 && Date.now() > redisAt) {
        log('chaos: restarting Redis');
        await restartRedis(Number(new URL(opts.redisUrl).port || 6379));
        redisRestarts++;
        continue;
      }
      const victim = rng.pick(instances);
      log(`chaos: SIGKILL instance ${victim.index}`);
      await victim.kill();
      await sleep(rng.int(300, 2000));
      if (stopped) break;
      await victim.start();
      log(`chaos: instance ${victim.index} back`);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
    redisRestarts: () => redisRestarts,
  };
}

export async function runSeason(partial: Partial<SeasonOptions> = {}): Promise<SeasonReport> {
  const opts: SeasonOptions = { ...defaultOptions(), ...partial };
  const { log } = opts;
  if (opts.db === 'pglite' && opts.instances > 1)
    throw new Error('PGlite is single-process: --instances > 1 needs --db postgres');
  log(
    `season rehearsal: ${opts.clans} clans, ${opts.instances} instance(s) on ${opts.db}, speed ${opts.speed}, chaos ${opts.chaos ? 'on' : 'off'}, seed ${opts.seed}`,
  );
  const rng = createRng(opts.seed);
  const world = seasonWorld(opts.clans);
  const database = await createSeasonDatabase(opts.db, world.dataset, opts.adminDatabaseUrl);
  log(`database: ${database.label}`);
  const env: Record<string, string> = {
    ...database.env,
    ALLOW_SIMULATED_GAME_IN_PRODUCTION: 'true',
    SIMULATOR_ON_DATABASE_URL: 'true',
    ...(opts.instances > 1 || opts.db === 'postgres' ? { REDIS_URL: opts.redisUrl } : {}),
  };
  const instances: HubInstance[] = [];
  for (let i = 0; i < opts.instances; i++) instances.push(new HubInstance(i, await freePort(), env));
  const captains: Captain[] = [];
  let chaos: ReturnType<typeof startChaos> | null = null;
  const samples = setInterval(() => {
    for (const i of instances) i.sample();
  }, 1000);
  const started = performance.now();
  try {
    await Promise.all(instances.map((i) => i.start()));
    log(`hub: ${instances.map((i) => i.base).join(', ')}`);
    const api = new HubApi(() => instances);
    const ctx: SeasonContext = {
      api,
      adminToken: '',
      eventId: '',
      stageId: '',
      ladderId: '',
      qualifierId: '',
      finalId: '',
      captains,
      rng,
      speed: opts.speed,
      started,
      log,
      latencies: { joinToFound: [], acceptToBoth: [], resultToStandings: [] },
      matching: { joins: new Map(), sequence: new Map(), found: new Map() },
      timeline: [],
      queued: 0,
      stages: [],
      breaks: [],
      misconduct: new Map(),
      acceptedPairs: new Map(),
      liveMatchUps: [],
      recovered: 0,
      lost: [],
      progress: opts.progress,
    };
    missedCheckIns.clear();
    await createSeasonEvent(ctx);
    for (const clan of world.clans)
      captains.push(new Captain(clan, drawTemper(rng.fork(clan.index)), rng.fork(10_000 + clan.index)));
    const teamsStarted = performance.now();
    let built = 0;
    await pool(captains, 8, async (cap) => {
      await cap.buildTeam(api, ctx.stageId);
      await cap.connect(instances[cap.clan.index % instances.length]!.base);
      opts.progress(++built, captains.length, 'teams');
    });
    ctx.stages.push({
      name: 'teams (register, lock)',
      teams: captains.length,
      matches: 0,
      forfeits: 0,
      durationSeconds: (performance.now() - teamsStarted) / 1000,
    });
    log(`teams: ${captains.length} locked rosters`);
    if (opts.chaos) chaos = startChaos(opts, instances, rng.fork(777), log);
    try {
      await runLadder(ctx, opts.ladderMatches, scaled(ctx, 90, 20));
      log('ladder: done');
      await runQualifier(ctx, opts.maxSwissRounds);
      log('qualifier: done');
      await runFinals(ctx);
      log('finals: done');
    } catch (error) {
      // A stage that cannot go on is a break; the checks still read what was played.
      ctx.breaks.push(`the season stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (chaos) await chaos.stop();
    // Everyone back, then the checks read the final state.
    for (const i of instances) if (!i.alive) await i.start();
    let invariants: InvariantResult[];
    let matching: MatchingLatencies = noMatchingLatencies();
    try {
      const matchUps = await readMatchUps(ctx);
      matching = matchingLatencies(matchUps.values(), ctx.matching, performance.timeOrigin);
      invariants = await checkInvariants(ctx, matchUps);
    } catch (error) {
      invariants = [
        ...ctx.breaks.map((detail) => ({ name: 'season ran through', ok: false, detail })),
        {
          name: 'invariants readable',
          ok: false,
          detail: error instanceof Error ? error.message : String(error),
        },
      ];
    }
    const hub = mergeHistograms(
      await Promise.all(
        instances.map(async (i) => {
          const text = await fetch(`${i.base}/metrics`)
            .then((r) => r.text())
            .catch(() => '');
          return parseHistogram(text, JOIN_TO_FOUND_METRIC);
        }),
      ),
    );
    const final = await api.call<Doc>('GET', `/api/tournaments/1.0/segments/${ctx.finalId}/bracket/info`);
    const championId = final.body?.data?.attributes?.doubleElimination?.championRosterId ?? null;
    const report: SeasonReport = {
      ok: invariants.every((i) => i.ok),
      options: (({ log: _l, progress: _p, ...rest }) => rest)(opts),
      database: database.label,
      seconds: (performance.now() - started) / 1000,
      stages: ctx.stages,
      latenciesMs: {
        joinToFound: summarize(ctx.latencies.joinToFound),
        matching: {
          atJoin: summarize(matching.atJoin),
          joinCall: summarize(matching.joinCall),
          byTime: summarize(matching.byTime),
          requeued: matching.requeued,
          unplaced: matching.unplaced,
        },
        hub: {
          count: hub.count,
          p50: histogramQuantileMs(hub, 0.5),
          p99: histogramQuantileMs(hub, 0.99),
          shareUnder100ms: shareAtMost(hub, 100),
        },
        acceptToBoth: summarize(ctx.latencies.acceptToBoth),
        resultToStandings: summarize(ctx.latencies.resultToStandings),
      },
      servers: instances.map((i) => ({
        instance: i.index,
        cpuSeconds: Math.round((i.cpuBefore + (i.sample()?.cpuSeconds ?? 0)) * 10) / 10,
        peakRssMiB: Math.round(i.peakRss / 1024 / 1024),
        starts: i.starts,
        kills: i.kills,
      })),
      statuses: Object.fromEntries(
        [...api.statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => [String(s), n]),
      ),
      errors: Object.fromEntries([...api.byKind].sort()),
      misconduct: Object.fromEntries(
        [...ctx.misconduct].map(([w, m]) => [w, Object.fromEntries([...m].map(([s, n]) => [String(s), n]))]),
      ),
      chaos: {
        kills: instances.reduce((a, i) => a + i.kills, 0),
        redisRestarts: chaos?.redisRestarts() ?? 0,
        networkRetries: api.networkRetries,
        shed: api.shed,
      },
      invariants,
      champion: captains.find((c) => c.rosterId === championId)?.clan.name ?? null,
      files: null,
    };
    if (opts.reportDir) report.files = writeReport(opts.reportDir, report, ctx.timeline);
    printReport(report, log);
    return report;
  } finally {
    clearInterval(samples);
    if (chaos) await chaos.stop();
    for (const c of captains) c.close();
    await Promise.all(instances.map((i) => i.stop()));
    if (opts.keepDatabase) log(`database kept: ${database.label}`);
    else await database.dispose().catch(() => {});
  }
}

const fmt = (v: number | null) => (v === null ? '—' : `${v} ms`);

export function printReport(r: SeasonReport, log: (line: string) => void): void {
  log('');
  log(
    table([
      ['stage', 'teams', 'matches', 'forfeits', 'seconds'],
      ...r.stages.map((s) => [
        s.name,
        String(s.teams),
        String(s.matches),
        String(s.forfeits),
        s.durationSeconds.toFixed(1),
      ]),
    ]),
  );
  log('');
  log(
    table([
      ['latency', 'count', 'p50', 'p99', 'max'],
      ...(
        [
          ["join → found (the later joiner's wait)", r.latenciesMs.joinToFound],
          ['  matching: eligible at the join → found', r.latenciesMs.matching.atJoin],
          ['    of which the join call', r.latenciesMs.matching.joinCall],
          ['  matching: eligible by time → found', r.latenciesMs.matching.byTime],
          ['accept → both notified', r.latenciesMs.acceptToBoth],
          ['result → standings visible', r.latenciesMs.resultToStandings],
        ] as const
      ).map(([k, s]) => [k, String(s.count), fmt(s.p50), fmt(s.p99), fmt(s.max)]),
    ]),
  );
  const { hub } = r.latenciesMs;
  log(
    `in the hub (GET /metrics): join request → found sent, newcomer pairs: ${hub.count}, p50 ~${fmt(hub.p50)}, p99 ~${fmt(hub.p99)}` +
      (hub.shareUnder100ms === null ? '' : `, ${(hub.shareUnder100ms * 100).toFixed(1)} % under 100 ms`),
  );
  const { requeued, unplaced } = r.latenciesMs.matching;
  if (requeued + unplaced > 0)
    log(`(matching replay: ${requeued} pair(s) after a requeue not timed, ${unplaced} not placed)`);
  log('');
  log(
    table([
      ['instance', 'CPU s', 'peak RSS MiB', 'starts', 'kills'],
      ...r.servers.map((s) => [
        String(s.instance),
        String(s.cpuSeconds),
        String(s.peakRssMiB),
        String(s.starts),
        String(s.kills),
      ]),
    ]),
  );
  log('');
  log(
    `statuses: ${Object.entries(r.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  );
  log(
    `refusals: ${
      Object.entries(r.errors)
        .map(([s, n]) => `${s}×${n}`)
        .join(', ') || 'none'
    }`,
  );
  if (r.chaos.kills || r.chaos.redisRestarts)
    log(
      `chaos: ${r.chaos.kills} kills, ${r.chaos.redisRestarts} Redis restart(s), ${r.chaos.networkRetries} requests resent`,
    );
  log('');
  log(
    table([
      ['invariant', 'ok', 'detail'],
      ...r.invariants.map((i) => [i.name, i.ok ? 'yes' : 'NO', i.detail]),
    ]),
  );
  log('');
  log(
    `champion: ${r.champion ?? '—'}; ${r.seconds.toFixed(0)} s; ${r.ok ? 'all invariants hold' : 'INVARIANTS BROKEN'}`,
  );
  if (r.files) log(`report: ${r.files.json} (plot ${r.files.svg})`);
}
