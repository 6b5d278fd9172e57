import type { FastifyInstance } from 'fastify';
import type { GameAdapter } from '../../game/index.js';
import { CocApiClient } from '../../game/official/coc-api-client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { createOfficialWarPoller, type OfficialWarPoller, WAR_POLL_JOB } from './official-war-poller.js';
import { createWarPollRepository } from './war-poll-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /** The official game's war poller; null with the simulated game (it pushes its results). */
    officialWar: OfficialWarPoller | null;
  }
}

/**
 * Official game only: registers the war polling job. Returns the poller, whose `schedule` the ladder
 * calls in the transaction that creates a match series.
 */
export function registerOfficialWar(
  app: FastifyInstance,
  ladder: LadderService,
  game: GameAdapter,
): OfficialWarPoller | null {
  if (!(game instanceof CocApiClient)) {
    app.decorate('officialWar', null);
    return null;
  }
  const poller = createOfficialWarPoller({
    ladder,
    source: game,
    jobs: app.jobs,
    repo: createWarPollRepository(app.database.db),
    config: app.config.warPoll,
    now: app.now,
    log: app.log,
  });
  app.jobs.register(WAR_POLL_JOB, async (payload) => {
    await poller.run(payload);
  });
  app.decorate('officialWar', poller);
  return poller;
}
