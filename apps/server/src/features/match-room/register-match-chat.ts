import { API, MATCH_CHAT_RATE, PICKBAN_STEP_EVENT, type PickbanStepData } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { createRateLimiter } from '../../http/rate-limit.js';
import type { MatchRoomNoticePoster } from '../../realtime/match-room-notices.js';
import { createAudit } from '../activity-log/audit.js';
import { createNotifier, type Notice } from '../ladder/ladder-notices.js';
import { createChatRepository } from './chat-repository.js';
import { chatRoutes } from './chat-routes.js';
import { type ChatDeps, postChatNotice } from './chat-service.js';
import type { PickbanDeps } from './pickban-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The match chat: its deps (tests swap the rate limiter) and the pick-and-ban notices in flight. */
    matchChat: { deps: ChatDeps; settled: () => Promise<void> };
  }
}

/**
 * Pick-and-ban steps become notices of the room: the veto's socket notices (sent after its commit)
 * are listened to, one notice per challenge step, in a transaction of its own.
 */
function listenToPickban(
  app: FastifyInstance,
  chat: ChatDeps,
  pickban: PickbanDeps,
  inFlight: Set<Promise<void>>,
) {
  const notify = pickban.notify;
  const post = async (step: PickbanStepData) => {
    const vote = (await pickban.repo.votesOf([step.challenge.id])).find((v) => v.step === step.step);
    const params = {
      step: step.step === null ? null : step.step + 1,
      action: vote?.action ?? null,
      side: vote?.side ?? null,
      auto: vote ? (vote.auto ? 1 : 0) : null,
      status: step.status,
    };
    const updates = await runInUnitOfWork(chat, SYSTEM_ACTOR, (tx) =>
      postChatNotice(chat, { matchSeriesId: step.matchSeries.id, type: 'pickban_step', params }, tx),
    );
    chat.notify(updates);
  };
  pickban.notify = (notices: readonly Notice[]) => {
    notify(notices);
    const steps = new Map<string, PickbanStepData>();
    for (const n of notices) {
      if (n.event !== PICKBAN_STEP_EVENT) continue;
      const data = n.data as PickbanStepData;
      steps.set(`${data.challenge.id}:${data.step}`, data);
    }
    for (const step of steps.values()) {
      const running = post(step)
        .catch((error) => app.log.warn({ err: error }, 'match chat: pick and ban notice not posted'))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
  };
}

/** The match chat's deps, made before the features that post in it (`matchRoomNoticePoster`). */
export function createMatchChatDeps(app: FastifyInstance, deps: { db: Db; now: () => Date }): ChatDeps {
  return {
    db: deps.db,
    repo: createChatRepository(deps.db),
    notify: createNotifier(() => app.io),
    now: deps.now,
    rate: {
      limiter: createRateLimiter({
        name: 'match-chat',
        windowMs: MATCH_CHAT_RATE.windowSeconds * 1000,
        redis: app.redis,
        onRedisError: (error) => app.log.warn({ err: error }, 'match chat rate limit: store failed'),
      }),
      limit: MATCH_CHAT_RATE.messages,
    },
  };
}

/**
 * The system notices of the match chat (check-in, war started, result), handed at composition
 * (app.ts) to the features where those events happen: they sit below or beside the match room and
 * reach it through the `realtime/match-room-notices.ts` interface.
 */
export function matchRoomNoticePoster(chat: ChatDeps): MatchRoomNoticePoster {
  return {
    post: (notice, tx) => postChatNotice(chat, notice, tx),
    send: (updates) => chat.notify(updates),
  };
}

/**
 * The match chat (spec 7 `GET /history`, issue #13): the calls under API.chat and the pick-and-ban
 * notices.
 */
export async function registerMatchChat(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; pickban: PickbanDeps; chat: ChatDeps },
): Promise<void> {
  const { chat } = deps;
  const inFlight = new Set<Promise<void>>();
  listenToPickban(app, chat, deps.pickban, inFlight);
  app.addHook('preClose', async () => {
    await Promise.allSettled([...inFlight]);
  });
  app.decorate('matchChat', {
    deps: chat,
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  });
  await app.register(chatRoutes(chat, createAudit(deps.db, deps.now)), { prefix: API.chat });
}
