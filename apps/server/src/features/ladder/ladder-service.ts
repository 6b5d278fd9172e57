import { createLadderContext, type LadderServiceDeps } from './ladder-context.js';
import { createSeriesResultsService } from './match-series/series-results-service.js';
import { createMatchUpService } from './match-ups/match-up-service.js';
import { createMatchmakingService } from './queue/matchmaking-service.js';
import { createQueueJoinService } from './queue/queue-join-service.js';

export type { Caller, LadderServiceDeps } from './ladder-context.js';
export type { WarOutcome } from './match-series/series-results-service.js';

/** Queue, matchmaking, match-ups, sweeper, results and standings (docs/api/ladder.md). */
export function createLadderService(deps: LadderServiceDeps) {
  const context = createLadderContext(deps);
  const matchUps = createMatchUpService(context);
  const queue = createQueueJoinService(context, matchUps.endMatchUp);
  const matchmaking = createMatchmakingService(context);
  const results = createSeriesResultsService(context);

  return {
    repository: context.repo,
    status: queue.status,
    join: queue.join,
    leave: queue.leave,
    matchmake: matchmaking.matchmake,
    matchNewcomer: matchmaking.matchNewcomer,
    matchmakingStats: matchmaking.matchmakingStats,
    accept: matchUps.accept,
    decline: matchUps.decline,
    sweep: matchUps.sweep,
    finishSeries: results.finishSeries,
    correctSeries: results.correctSeries,
    recalculateSegment: results.recalculateSegment,
  };
}
export type LadderService = ReturnType<typeof createLadderService>;
