import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { GameAdapter } from '../../game/index.js';
import { createNotifier } from '../ladder/ladder-notices.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { createWarCreator } from '../war/war-creator.js';
import { type CheckinDeadlines, createCheckinDeadlines, DEADLINE_JOBS } from './checkin-deadlines.js';
import { createCheckinsRepository } from './checkins-repository.js';
import { matchCheckInRoutes, segmentCheckInRoutes } from './checkins-routes.js';
import type { StageEntryCheck } from './segment-check-in-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stage check-in deadlines (docs/jobs.md): scheduling, the job handlers and this instance's runs. */
    checkinDeadlines: CheckinDeadlines;
  }
}

/**
 * Stage check-ins: the segment check-in (clan service), the match check-in (war service) and the
 * durable deadline jobs at each stage series' match time.
 */
export async function registerCheckins(
  app: FastifyInstance,
  deps: { db: Db; ladder: LadderService; game: GameAdapter; isStageEntrant: StageEntryCheck },
): Promise<void> {
  const repo = createCheckinsRepository(deps.db);
  const deadlines = createCheckinDeadlines({
    db: deps.db,
    repo,
    jobs: app.jobs,
    finishSeries: (result) => deps.ladder.finishSeries(result),
    notify: createNotifier(() => app.io),
    now: app.now,
  });
  for (const job of DEADLINE_JOBS) {
    app.jobs.register(
      job,
      async (payload) => {
        await deadlines.run(job, payload);
      },
      { policy: 'short' },
    );
  }
  // After the job queue starts (its onReady hook is added first, in app.ts): deadlines for the
  // upcoming stage series that have none (the seeded stages). A failure is logged, not fatal.
  app.addHook('onReady', async () => {
    try {
      const count = await deadlines.scheduleUpcoming();
      app.log.info({ series: count }, 'check-in deadlines scheduled for upcoming stage series');
    } catch (error) {
      app.log.warn({ err: error }, 'check-in deadlines of upcoming stage series not scheduled');
    }
  });
  app.decorate('checkinDeadlines', deadlines);
  await app.register(segmentCheckInRoutes(deps.db, repo, deps.isStageEntrant), { prefix: API.clan });
  await app.register(
    matchCheckInRoutes({
      db: deps.db,
      repo,
      game: deps.game,
      matchRoomNotices: deps.ladder.matchRoomNotices,
      createWar: createWarCreator(deps.ladder, deps.game),
    }),
    { prefix: API.war },
  );
}
