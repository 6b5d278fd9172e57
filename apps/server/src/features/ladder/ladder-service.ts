import type { Actor } from '../../db/unit-of-work.js';
import { NO_MATCH_ROOM } from '../../realtime/match-room-notices.js';
import { type Caller, createLadderContext, type LadderServiceDeps } from './ladder-context.js';
import { createLadderWithdrawal } from './ladder-withdrawal.js';
import { createSeriesResultsService } from './match-series/series-results-service.js';
import type { EndMatchUp } from './match-ups/end-match-up.js';
import { createAccepts, declineMatchUp, endMatchUp, sweepMatchUps } from './match-ups/match-up-service.js';
import { createMatchmakingService } from './queue/matchmaking-service.js';
import { createQueueJoinService } from './queue/queue-join-service.js';

export type { Caller, LadderServiceDeps } from './ladder-context.js';
export type {
  StageSeriesOutcome,
  StageSeriesResultHook,
  WarOutcome,
} from './match-series/series-results-service.js';

/** Queue, matchmaking, match-ups, sweeper, results and standings (docs/api/ladder.md). */
export function createLadderService(deps: LadderServiceDeps) {
  const context = createLadderContext(deps);
  const end: EndMatchUp = (...args) => endMatchUp(context, ...args);
  const queue = createQueueJoinService(context, end);
  const matchmaking = createMatchmakingService(context);
  const results = createSeriesResultsService(context, deps.onStageSeriesResult);
  const accepts = createAccepts(context);

  return {
    db: deps.db,
    /** The match room's system notices (the war's "war started"), as handed at composition. */
    matchRoomNotices: deps.matchRoomNotices ?? NO_MATCH_ROOM,
    /** The app's clock (the war's notices are dated by it). */
    now: deps.now,
    repository: context.repo,
    /** The ladder's unit of work (one transaction, activity rows, notices after commit), for the war's writes. */
    commit: context.commit,
    status: queue.status,
    join: queue.join,
    leave: queue.leave,
    matchmake: matchmaking.matchmake,
    matchNewcomer: matchmaking.matchNewcomer,
    newcomerOutcome: matchmaking.newcomerOutcome,
    matchmakingStats: matchmaking.matchmakingStats,
    accept: accepts.accept,
    decline: (id: string, caller: Caller, actor?: Actor) => declineMatchUp(context, id, caller, actor),
    sweep: () => sweepMatchUps(context),
    finishSeries: results.finishSeries,
    correctSeries: results.correctSeries,
    /** Inside a transaction the caller owns (the organizer's results call); notices go to `notices`. */
    finishSeriesIn: results.finishSeriesIn,
    correctSeriesIn: results.correctSeriesIn,
    /** Sends notices collected inside a caller's transaction, once it committed. */
    notify: deps.notify,
    recalculateSegment: results.recalculateSegment,
    /** A team withdrawal, inside its transaction: forfeits, leaves the queue (a roster-withdrawn hook). */
    withdrawRoster: createLadderWithdrawal(context, end, results.finishSeriesIn),
  };
}
export type LadderService = ReturnType<typeof createLadderService>;
