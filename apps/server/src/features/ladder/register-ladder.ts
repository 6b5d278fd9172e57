import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { API, SIMULATOR_API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import type { GameAdapter } from '../../game/index.js';
import { DbSimGame } from '../../game/simulated/db-sim-game.js';
import { type ResultRedelivery, startResultRedelivery } from '../../game/simulated/result-redelivery.js';
import { matchSeriesRoutes } from '../match-series/match-series-routes.js';
import { matchUpRoutes } from '../match-ups/match-up-routes.js';
import { queueRoutes } from '../queue/queue-routes.js';
import { standingsRoutes } from '../standings/standings-routes.js';
import { registerOfficialWar } from '../war/register-official-war.js';
import { simWarRoutes } from '../war/sim-war-routes.js';
import { warRoutes } from '../war/war-routes.js';
import type { LadderConfig } from './ladder-config.js';
import { createNotifier } from './ladder-notices.js';
import { createLadderService, type LadderService } from './ladder-service.js';
import { type LadderWorkers, startLadderWorkers } from './ladder-workers.js';

export interface LadderDeps {
  db: Db;
  config: LadderConfig;
  now: () => Date;
  /**
   * The game adapter of the app (players-and-teams wiring). Without one, the database-backed
   * simulated game is used.
   */
  game?: { game: GameAdapter; sim: DbSimGame | null } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Ladder play: queue, matchmaking, match-ups, results (issue 4). */
    ladder: LadderService & { workers: LadderWorkers | null; resultRedelivery: ResultRedelivery | null };
  }
}

/** Period of the war-result redelivery job of the simulated game (every instance with ladder workers). */
export const RESULT_REDELIVERY_INTERVAL_MS = 1_000;

/**
 * Issue 4, ladder play: routes under /api/matches/1.0 (queue, match-ups, match series, check-ins),
 * /api/war/1.0, /api/tournaments/1.0 (standings, leaderboards), the simulated wars, and the
 * matchmaker + sweeper workers of this instance. War results come through GameAdapter.onWarResult.
 */
export async function registerLadder(app: FastifyInstance, deps: LadderDeps): Promise<LadderService> {
  let game = deps.game?.game;
  let sim = deps.game?.sim ?? null;
  if (!game) {
    sim = new DbSimGame(deps.db, deps.now);
    await sim.repository.seed();
    game = sim;
  }
  const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // Bound once the official war poller exists (it needs the service); null in the simulated game.
  let onSeriesCreated: ((series: { id: string; date: Date }, tx: Executor) => Promise<void>) | null = null;
  const service = createLadderService({
    db: deps.db,
    game,
    config: deps.config,
    now: deps.now,
    notify: createNotifier(() => app.io),
    instanceId,
    log: app.log,
    onSeriesCreated: (series, tx) => onSeriesCreated?.(series, tx) ?? Promise.resolve(),
  });
  onSeriesCreated = registerOfficialWar(app, service, game)?.schedule ?? null;
  const workers = deps.config.workers
    ? startLadderWorkers(service, {
        matchmakingIntervalMs: deps.config.matchmakingIntervalMs,
        sweepIntervalMs: deps.config.sweepIntervalMs,
        onError: (error, what) => app.log.warn({ err: error }, `ladder ${what} failed`),
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
    queueRoutes(service, (entry) => workers?.newcomer(entry.id)),
    { prefix: API.matches },
  );
  await app.register(matchUpRoutes(service), { prefix: API.matches });
  await app.register(matchSeriesRoutes(deps.db, service, game), { prefix: API.matches });
  await app.register(warRoutes(service, game), { prefix: API.war });
  await app.register(standingsRoutes(deps.db, service), { prefix: API.tournaments });
  if (sim) await app.register(simWarRoutes(sim, service), { prefix: SIMULATOR_API });
  return service;
}
