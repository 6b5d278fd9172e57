import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { createAudit } from '../features/activity-log/audit.js';
import {
  type BracketsDeps,
  createBracketsDeps,
  type StageSeriesEffects,
} from '../features/brackets/brackets-service.js';
import { cutLineRoutes } from '../features/brackets/cut-line-routes.js';
import { stagePlayRoutes } from '../features/brackets/stage-play-routes.js';
import { stageSeriesResultHook } from '../features/brackets/stage-results-service.js';
import { stageStandingsHook } from '../features/brackets/stage-standings-service.js';
import { disputesPlugin } from '../features/disputes/register-disputes.js';
import type { LadderService } from '../features/ladder/ladder-service.js';
import type { LadderStageHooks } from '../features/ladder/register-ladder.js';
import { matchSeriesAdminRoutes } from '../features/match-series-admin/match-series-admin-routes.js';

/**
 * Playing tournament stages: the ladder records war results and answers standings; for a series
 * or segment of a swiss or double-elimination stage it hands over to the brackets feature through
 * the hooks filled here (before the ladder is registered), so the ladder never imports it.
 */
export function createStageHooks(
  db: Db,
  now: () => Date,
  effects: StageSeriesEffects,
): { hooks: LadderStageHooks; deps: BracketsDeps } {
  const deps = createBracketsDeps(db, now, effects);
  return {
    deps,
    hooks: { seriesResult: [stageSeriesResultHook(deps)], standings: [stageStandingsHook(deps)] },
  };
}

/** The results call and points (spec 7), once the ladder exists: ladder series go through it. */
export async function registerStagePlay(
  app: FastifyInstance,
  input: { deps: BracketsDeps; ladder: LadderService; now: () => Date },
): Promise<void> {
  const audited = createAudit(input.deps.db, input.now);
  await app.register(stagePlayRoutes(input.deps, input.ladder, audited), { prefix: API.tournaments });
  // The one cut-line rule of a ladder (issue 37): the leaderboard shows what the advancement decides.
  await app.register(cutLineRoutes(input.deps), { prefix: API.tournaments });
  // Match series admin (spec 7): list, reset, delete/restore, date and state, assign rosters, disqualify.
  await app.register(matchSeriesAdminRoutes(input.deps, input.ladder, audited), { prefix: API.tournaments });
  // Disputes of results and match screenshots (issue #13): corrections go through the results service.
  await app.register(
    disputesPlugin({
      db: input.deps.db,
      brackets: input.deps,
      ladder: input.ladder,
      audited,
      now: input.now,
    }),
    { prefix: API.tournaments },
  );
}
