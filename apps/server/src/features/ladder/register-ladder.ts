import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import type { GameAdapter } from '../../game/index.js';
import { DbSimGame } from '../../game/simulated/db-sim-game.js';
import { type ResultRedelivery, startResultRedelivery } from '../../game/simulated/result-redelivery.js';
import type { MatchRoomNoticePoster } from '../../realtime/match-room-notices.js';
import type { NoticeLog } from '../notices/notice-log.js';
import type { LadderConfig } from './ladder-config.js';
import { createNotifier } from './ladder-notices.js';
import { createLadderService, type LadderService } from './ladder-service.js';
import { type LadderWorkers, startLadderWorkers } from './ladder-workers.js';
import { matchSeriesRoutes } from './match-series/match-series-routes.js';
import type { StageSeriesResultHook } from './match-series/series-results-service.js';
import { matchUpRoutes } from './match-ups/match-up-routes.js';
import { queueRoutes } from './queue/queue-routes.js';
import { type StageStandingsHook, standingsRoutes } from './standings/standings-routes.js';

export interface LadderDeps {
  db: Db;
  config: LadderConfig;
  now: () => Date;
  /** The game adapter of the app (chosen by GAME_MODE in the players-and-teams wiring). */
  game: GameAdapter;
  /** The users' notice log (issue #34): match found, accepted, declined, expired are written in it. */
  noticeLog?: NoticeLog;
  /** The match room's system notices (results in the series' chat). */
  matchRoomNotices: MatchRoomNoticePoster;
  /**
   * Called in the transaction that creates a match series (both captains accepted). Filled by the
   * features that build on the ladder (the official war poller schedules its polling job here), so
   * the ladder never imports them.
   */
  seriesCreatedHooks?: SeriesCreatedHook[];
  /**
   * Filled by the brackets feature (src/wiring/stages.ts): records results of stage series (bracket
   * propagation, swiss history) in the ladder's transaction, and answers the standings of swiss and
   * double-elimination segments, so the ladder never imports it. The first hook that claims a
   * series or a segment answers.
   */
  stageHooks?: LadderStageHooks;
}

/** See `LadderDeps.stageHooks`. */
export interface LadderStageHooks {
  seriesResult: StageSeriesResultHook[];
  standings: StageStandingsHook[];
}

export type SeriesCreatedHook = (series: { id: string; date: Date }, tx: Executor) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Ladder play: queue, matchmaking, match-ups, results. */
    ladder: LadderService & { workers: LadderWorkers | null; resultRedelivery: ResultRedelivery | null };
  }
}

/** Period of the war-result redelivery job of the simulated game (every instance with ladder workers). */
export const RESULT_REDELIVERY_INTERVAL_MS = 1_000;

/**
 * Ladder play: routes under /api/matches/1.0 (queue, match-ups, match series, check-ins) and
 * /api/tournaments/1.0 (standings, leaderboards), and the matchmaker + sweeper workers of this
 * instance. War results come through GameAdapter.onWarResult. The war routes depend on the ladder
 * (not the other way round) and are registered by `registerWar`.
 */
export async function registerLadder(app: FastifyInstance, deps: LadderDeps): Promise<LadderService> {
  const { game } = deps;
  const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const seriesCreatedHooks = deps.seriesCreatedHooks ?? [];
  const service = createLadderService({
    db: deps.db,
    game,
    config: deps.config,
    now: deps.now,
    notify: createNotifier(() => app.io),
    noticeLog: deps.noticeLog,
    matchRoomNotices: deps.matchRoomNotices,
    onStandingsChanged: () => app.readCache?.invalidateResults(),
    instanceId,
    log: app.log,
    onSeriesCreated: async (series, tx) => {
      for (const hook of seriesCreatedHooks) await hook(series, tx);
    },
    onStageSeriesResult: async (series, result, tx) => {
      for (const hook of deps.stageHooks?.seriesResult ?? []) {
        const staged = await hook(series, result, tx);
        if (staged) return staged;
      }
      return null;
    },
  });
  const workers = deps.config.workers
    ? startLadderWorkers(service, {
        matchmakingIntervalMs: deps.config.matchmakingIntervalMs,
        sweepIntervalMs: deps.config.sweepIntervalMs,
        onError: (error, what) => app.log.warn({ err: error }, `ladder ${what} failed`),
        onNewcomerFound: (ms) => app.metrics?.newcomerFound.observe(ms / 1000),
        onNewcomersBatched: (count) => app.metrics?.newcomersBatched.inc(count),
      })
    : null;
  // Results arrive at least once (the simulated game redelivers what was not recorded); recording is
  // idempotent: a result for a series already finished is a no-op that still counts as delivered.
  const unsubscribe = game.capabilities.warResults
    ? game.onWarResult(async (result) => {
        try {
          await service.finishSeries(result);
        } catch (error) {
          app.log.warn({ err: error, warId: result.warId }, 'war result not recorded (will be redelivered)');
          throw error;
        }
      })
    : () => {};
  const redeliverySource = game instanceof DbSimGame ? game : null;
  const resultRedelivery =
    deps.config.workers && redeliverySource
      ? startResultRedelivery(redeliverySource, {
          intervalMs: RESULT_REDELIVERY_INTERVAL_MS,
          onReport: (report) => {
            if (report.failures.length > 0) {
              app.log.warn(
                { warIds: report.failures.map((f) => f.warId) },
                'war result redelivery: results not recorded',
              );
            }
          },
          onError: (error) => app.log.warn({ err: error }, 'war result redelivery failed'),
        })
      : null;
  app.decorate('ladder', Object.assign(service, { workers, resultRedelivery }));
  // Workers stop before the database closes; redelivery before its listener goes away.
  app.addHook('preClose', async () => {
    await resultRedelivery?.stop();
    unsubscribe();
    await workers?.stop();
  });

  await app.register(
    queueRoutes(service, (entry, startedAt) => workers?.newcomer(entry.id, startedAt)),
    { prefix: API.matches },
  );
  await app.register(matchUpRoutes(service), { prefix: API.matches });
  await app.register(matchSeriesRoutes(deps.db, service, game), { prefix: API.matches });
  await app.register(standingsRoutes(deps.db, service, deps.stageHooks?.standings ?? []), {
    prefix: API.tournaments,
  });
  return service;
}
