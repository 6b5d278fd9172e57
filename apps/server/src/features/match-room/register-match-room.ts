import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createAudit } from '../activity-log/audit.js';
import { createNotifier } from '../ladder/ladder-notices.js';
import type { ChatDeps } from './chat-service.js';
import { createPickbanRepository } from './pickban-repository.js';
import { pickbanRoutes } from './pickban-routes.js';
import {
  openAwaitingChallenges,
  type PickbanDeps,
  rescheduleOpenTurns,
  runTurnTimeout,
  TURN_TIMEOUT_JOB,
  type TurnTimeoutRun,
} from './pickban-service.js';
import { registerMatchChat } from './register-match-chat.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pick and ban: its deps (tests run the time-out handler through them) and this instance's runs. */
    pickban: {
      deps: PickbanDeps;
      runTimeout: (payload: { challengeId: string; step: number }) => Promise<TurnTimeoutRun>;
      runs: TurnTimeoutRun[];
    };
  }
}

/**
 * The pick-and-ban deps, made before the brackets (their stage series open challenges through
 * `createChallengeOpener` over them) and handed to `registerMatchRoom`.
 */
export function createPickbanDeps(app: FastifyInstance, deps: { db: Db; now: () => Date }): PickbanDeps {
  return {
    db: deps.db,
    repo: createPickbanRepository(deps.db),
    jobs: app.jobs,
    notify: createNotifier(() => app.io),
    now: deps.now,
  };
}

/**
 * The match room's pick and ban (spec 7, issue #13): the calls under API.pickban, the durable
 * turn time-out job, and the opening of challenges for stage series (at their creation through
 * the opener `createChallengeOpener` makes, and at start for series created while no app ran).
 */
export async function registerMatchRoom(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; pickban: PickbanDeps; chat: ChatDeps },
): Promise<void> {
  const { pickban } = deps;
  const runs: TurnTimeoutRun[] = [];
  const runTimeout = async (payload: { challengeId: string; step: number }) => {
    const run = await runTurnTimeout(pickban, payload);
    runs.push(run);
    if (runs.length > 200) runs.shift();
    return run;
  };
  app.jobs.register(
    TURN_TIMEOUT_JOB,
    async (payload) => {
      await runTimeout(payload);
    },
    { policy: 'short' },
  );
  app.addHook('onReady', async () => {
    try {
      const opened = await openAwaitingChallenges(pickban);
      const turns = await rescheduleOpenTurns(pickban);
      app.log.info({ opened, turns }, 'pick and ban challenges opened and turn time-outs scheduled');
    } catch (error) {
      app.log.warn({ err: error }, 'pick and ban challenges not opened at start');
    }
  });
  app.decorate('pickban', { deps: pickban, runTimeout, runs });
  await app.register(pickbanRoutes(pickban, createAudit(deps.db, deps.now)), { prefix: API.pickban });
  await registerMatchChat(app, { ...deps, pickban });
}
