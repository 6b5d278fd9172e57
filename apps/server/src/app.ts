import { randomUUID } from 'node:crypto';
import { API } from '@cwh/contract';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import { registerMutationAudit } from './features/activity-log/mutation-audit.js';
import { authRoutes } from './features/auth/auth-routes.js';
import { createAuthService } from './features/auth/auth-service.js';
import { registerAuthenticate } from './features/auth/authenticate.js';
import { bracketRoutes } from './features/brackets/brackets-routes.js';
import { createStageEntryCheck } from './features/brackets/stage-entrants.js';
import { calendarRoutes } from './features/calendar/calendar-routes.js';
import { createDeadlineScheduler } from './features/checkins/checkin-deadlines.js';
import { registerCheckins } from './features/checkins/register-checkins.js';
import { registerDemo } from './features/demo/register-demo.js';
import { eventRoutes } from './features/events/event-routes.js';
import { gameRoutes } from './features/games/game-routes.js';
import { healthRoutes } from './features/health/health-routes.js';
import { registerLadder, type SeriesCreatedHook } from './features/ladder/register-ladder.js';
import { logRoutes } from './features/log/log-routes.js';
import { createChallengeOpener } from './features/match-room/challenge-opening.js';
import { createMatchChatDeps, matchRoomNoticePoster } from './features/match-room/register-match-chat.js';
import { createPickbanDeps, registerMatchRoom } from './features/match-room/register-match-room.js';
import { createMetrics, registerMetrics } from './features/metrics/metrics.js';
import { registerNotices } from './features/notices/register-notices.js';
import { createPlayerAuth, withPlayerTokens } from './features/players/player-auth.js';
import { segmentRoutes } from './features/segments/segment-routes.js';
import { registerStatistics } from './features/statistics/register-statistics.js';
import { avatarUrlsOf, createDatabaseImageStore } from './features/uploads/image-store.js';
import { registerWar } from './features/war/register-war.js';
import { registerContentNegotiation } from './http/content-negotiation.js';
import { registerErrorHandler, sendErrors } from './http/error-handler.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { registerNotFound } from './http/not-found.js';
import { registerOpenApi } from './http/openapi.js';
import { MAX_PATH_SEGMENT, registerPathGuard, unsafePathReason } from './http/path-guard.js';
import { registerReadCache } from './http/read-cache.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSimulatorGate } from './http/simulator-gate.js';
import { registerStaticWeb } from './http/static-web.js';
import { registerTenant } from './http/tenant.js';
import { prepareDatabase } from './prepare-database.js';
import { registerAdmin } from './wiring/admin.js';
import { registerPlayersAndTeams } from './wiring/players-and-teams.js';
import { registerRostersAdmin } from './wiring/rosters-admin.js';
import { createStageHooks, registerStagePlay } from './wiring/stages.js';
import './http/fastify-types.js';
import { DomainError } from './errors/domain-error.js';
import type { WithdrawnRoster } from './features/clan/clan-context.js';
import { LOG_REDACT_PATHS } from './http/log-redaction.js';
import { createFailureLimit, createRateLimiter } from './http/rate-limit.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import type { TransactionHook } from './lib/transaction-hooks.js';
import { createSocketServer } from './realtime/socket-server.js';
import { connectRedis, type RedisClient } from './redis.js';

export interface AppDeps {
  /** A ready (migrated) database owned by the caller; otherwise one is opened from config and closed with the app. */
  database?: Database;
  /** A connected Redis client owned by the caller, or null to force in-memory; otherwise from REDIS_URL. */
  redis?: RedisClient | null;
  /** Clock used by services (token expiry, seed); tests fix it. */
  now?: () => Date;
  /** Overrides the pino logger options (tests pass `false`). */
  logger?: boolean | Record<string, unknown>;
  /** Declares overload directly (tests of the load shedding); polled every `pressureIntervalMs`. */
  underPressure?: () => Promise<boolean>;
  pressureIntervalMs?: number;
}

/** Fastify takes a hop count as "trust the n nearest proxies", which its types spell as a function. */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export function loggerOptions(config: AppConfig, override: AppDeps['logger']) {
  if (override !== undefined) return override;
  const options = { level: config.logLevel, redact: LOG_REDACT_PATHS };
  if (config.logFormat === 'json') return options;
  // The embedded demo (LOG_FORMAT=pretty): short lines, time and message (pino-pretty, a worker thread).
  return {
    ...options,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

/** The Fastify instance with its options (logging, limits, timeouts, router, zod). */
function createFastify(config: AppConfig, deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    // Pretty (demo) logs leave out the two lines per request; JSON (production) logs keep them.
    logController: new LogController({ disableRequestLogging: config.logFormat === 'pretty' }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    // A slow or half-sent request is cut after requestTimeout; an idle socket after connectionTimeout.
    requestTimeout: config.hardening.requestTimeoutMs,
    connectionTimeout: config.hardening.connectionTimeoutMs,
    // Node checks request timeouts on this interval (30 s by default): no slower than the timeout itself.
    http: { connectionsCheckingInterval: Math.min(config.hardening.requestTimeoutMs, 30_000) },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // A parameter up to the path guard's segment limit reaches the route's validation (a JSON:API
    // 400), instead of the router's own non-JSON:API 414 past 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT },
    // The router refuses a malformed or over-long path before any hook runs: answer it as the path
    // guard does (400, a JSON:API error document), not with the framework's own body.
    frameworkErrors: (error, request, reply) =>
      sendErrors(request, reply, 400, [
        {
          status: '400',
          code: 'VALIDATION_FAILED',
          title: 'Validation failed',
          detail: unsafePathReason(request.url) ?? error.message,
        },
      ]),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** What every capability is composed from: the app's clock, database, Redis and job queue. */
interface Core {
  config: AppConfig;
  now: () => Date;
  database: Database;
  db: Db;
  redis: RedisClient | null;
  jobs: JobQueue;
}

/** The database, Redis and the durable job queue, decorated on the app; closed with it when owned. */
async function openCore(app: FastifyInstance, config: AppConfig, deps: AppDeps): Promise<Core> {
  const now = deps.now ?? (() => new Date());
  const database = deps.database ?? (await prepareDatabase(config, app.log, now));
  if (!deps.database) app.addHook('onClose', () => database.close());

  let redis: RedisClient | null = deps.redis ?? null;
  if (deps.redis === undefined && config.redisUrl) {
    redis = await connectRedis(config.redisUrl, (error) => app.log.warn({ err: error }, 'redis error'));
    const owned = redis;
    app.addHook('onClose', async () => {
      await owned.quit().catch(() => {});
    });
  }

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('redis', redis);
  app.decorate('now', now);
  // Durable jobs (docs/jobs.md): features register handlers while the app is built; the queue
  // starts once everything is registered and stops before the database closes.
  const jobs = createJobQueue({
    database,
    work: config.ladder.workers,
    onError: (error) => app.log.warn({ err: error }, 'job queue error'),
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  return { config, now, database, db: database.db, redis, jobs };
}

/** The HTTP plumbing every route runs through: errors, guards, load shedding, tenant, cache. */
async function registerHttp(app: FastifyInstance, core: Core, deps: AppDeps): Promise<void> {
  const { config } = core;
  registerErrorHandler(app);
  registerPathGuard(app);
  registerSecurityHeaders(app, config.hardening.frameAncestors);
  await registerLoadShedding(app, {
    maxEventLoopDelayMs: config.hardening.maxEventLoopDelayMs,
    ...(deps.underPressure
      ? { healthCheck: deps.underPressure, healthCheckIntervalMs: deps.pressureIntervalMs ?? 1000 }
      : {}),
  });
  registerTenant(app);
  registerContentNegotiation(app);
  await registerReadCache(app, { redis: core.redis });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}

/** A rate limiter of the app (Redis when there is one). */
function limiterOf(app: FastifyInstance, core: Core) {
  return (name: string, windowMs: number) =>
    createRateLimiter({
      name,
      windowMs,
      redis: core.redis,
      onRedisError: (error) => app.log.warn({ err: error }, 'rate limit: store failed'),
    });
}

/**
 * Authentication: hub-user and player tokens, the `authenticate` preHandler, the failed sign-in
 * limits, and the central activity-log hook (before any route registers).
 */
function registerAuth(app: FastifyInstance, core: Core) {
  const { config, now } = core;
  const tokenTtls = {
    tokenTtlSeconds: config.tokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    now,
  };
  const baseAuth = createAuthService(core.db, tokenTtls);
  // Player tokens (game-user lookup) work wherever hub-user tokens do, refresh included.
  const playerAuth = createPlayerAuth(core.db, tokenTtls);
  const auth = withPlayerTokens(baseAuth, playerAuth);
  const { authFailures } = config;
  const failures = (name: string) => limiterOf(app, core)(name, authFailures.windowMs);
  const failuresOf = (codes: readonly string[]) => (error: unknown) =>
    error instanceof DomainError && codes.includes(error.code);
  // Keys: IP and e-mail; the e-mail from any IP; the IP over any e-mail (auth-routes.ts). The IP is
  // the client's as TRUST_PROXY resolves it, so a load balancer's address never locks everyone out.
  const loginLimit = createFailureLimit(
    [
      { limiter: failures('login'), limit: authFailures.loginMax },
      { limiter: failures('login-account'), limit: authFailures.loginAccountMax },
      { limiter: failures('login-ip'), limit: authFailures.loginIpMax },
    ],
    { detail: 'Too many failed sign-ins, try again later', isFailure: failuresOf(['UNAUTHENTICATED']) },
  );
  const gameUserTokenLimit = createFailureLimit(
    [{ limiter: failures('game-user'), limit: authFailures.gameUserMax }],
    { detail: 'Too many wrong API tokens, try again later', isFailure: failuresOf(['INVALID_TOKEN']) },
  );
  registerAuthenticate(app, auth);
  // Every successful mutating call by anyone lands in the activity log (before any route registers).
  registerMutationAudit(app, core.db, now);
  return { auth, playerAuth, loginLimit, gameUserTokenLimit };
}

/** socket.io, metrics and the simulator gate. */
async function registerRealtime(app: FastifyInstance, core: Core): Promise<void> {
  const realtime = await createSocketServer(app.server, {
    redis: core.redis,
    logger: app.log,
    authenticate: (token) => app.verifyAccessToken(token),
  });
  app.decorate('io', realtime.io);
  const metrics = createMetrics(core.db, () => realtime.io.engine.clientsCount);
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, core.config.hardening.metrics);
  registerSimulatorGate(app, core.config.hardening);
  // Open websockets would keep the HTTP server from closing, so they go first.
  app.addHook('preClose', () => realtime.close());
}

/**
 * The match room's deps and the stage deps, made before any route: the brackets' stage series get
 * their check-in deadlines, pick and ban, announcements and match room notices from here (the
 * brackets import none of those capabilities).
 */
function composeStages(app: FastifyInstance, core: Core) {
  const { db, now, jobs } = core;
  const pickban = createPickbanDeps(app, { db, now });
  const chat = createMatchChatDeps(app, { db, now });
  const matchRoomNotices = matchRoomNoticePoster(chat);
  // Stage series and segments are handed to the brackets feature (the ladder never imports it).
  const stages = createStageHooks(db, now, {
    scheduleDeadlines: createDeadlineScheduler({ jobs, now }),
    openChallenges: createChallengeOpener(pickban),
    announcementJobs: jobs,
    matchRoomNotices,
  });
  return { pickban, chat, matchRoomNotices, stages };
}
type Stages = ReturnType<typeof composeStages>;

/** Tournament reads (events, segments, games, stages, calendars) under API.tournaments. */
async function registerReads(app: FastifyInstance, core: Core, stages: Stages): Promise<void> {
  const reads = [eventRoutes, segmentRoutes, gameRoutes].map((r) => r(core.db));
  reads.push(bracketRoutes(stages.stages.deps));
  reads.push(calendarRoutes(core.db, core.config.mail.publicUrl));
  for (const routes of reads) await app.register(routes, { prefix: API.tournaments });
}

/**
 * Play: the ladder (and the users' notices it writes), rosters admin, stage play, wars, check-ins,
 * the match room and the demo bots. The roster-withdrawn hooks get the ladder's withdrawal.
 */
async function registerPlay(
  app: FastifyInstance,
  core: Core,
  input: {
    stages: Stages;
    players: Awaited<ReturnType<typeof registerPlayersAndTeams>>;
    rosterWithdrawnHooks: TransactionHook<WithdrawnRoster>[];
  },
): Promise<void> {
  const { db, now, config } = core;
  const { pickban, chat, matchRoomNotices, stages } = input.stages;
  const { game, sim } = input.players;
  const seriesCreatedHooks: SeriesCreatedHook[] = [];
  const ladder = await registerLadder(app, {
    db,
    noticeLog: await registerNotices(app, { db, now }),
    config: config.ladder,
    now,
    game,
    matchRoomNotices,
    seriesCreatedHooks,
    stageHooks: stages.hooks,
  });
  input.rosterWithdrawnHooks.push((roster, tx) => ladder.withdrawRoster(roster.id, tx));
  await registerRostersAdmin(app, { db, now, rosterWithdrawnHooks: input.rosterWithdrawnHooks });
  await registerStagePlay(app, { deps: stages.deps, ladder, now });
  await registerWar(app, { ladder, game, sim, seriesCreatedHooks });
  await registerCheckins(app, { db, ladder, game, isStageEntrant: createStageEntryCheck(db) });
  await registerMatchRoom(app, { db, now, pickban, chat });
  // The demo's simulated teams keep playing (DEMO_BOTS; demo seed and simulated game only).
  await registerDemo(app, {
    config: config.demo,
    seedDemo: config.seedDemo,
    workers: config.ladder.workers,
    ladder,
    game,
    sim,
    brackets: stages.deps,
  });
}

/** Builds the whole HTTP + socket.io application without listening: tests `inject`, main `listen`s. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = createFastify(config, deps);
  const core = await openCore(app, config, deps);
  const { db, now } = core;
  await registerHttp(app, core, deps);
  const { auth, playerAuth, loginLimit, gameUserTokenLimit } = registerAuth(app, core);
  await registerRealtime(app, core);

  await registerOpenApi(app);
  await app.register(healthRoutes);
  const images = createDatabaseImageStore(db);
  await app.register(authRoutes(auth, { loginLimit, avatarsOf: (id) => avatarUrlsOf(images, id) }), {
    prefix: API.users,
  });
  const stages = composeStages(app, core);
  await registerReads(app, core, stages);
  // Filled by the features that build on rosters (the ladder), so the clan never imports them.
  const rosterWithdrawnHooks: TransactionHook<WithdrawnRoster>[] = [];
  const players = await registerPlayersAndTeams(app, {
    rosterWithdrawnHooks,
    config,
    db,
    playerAuth,
    now,
    gameUserTokenLimit,
  });
  // After the players' authentication exists (the privacy call and the full profile use it).
  await registerStatistics(app, db, now);
  const logLimiter = limiterOf(app, core)('log', 60_000);
  await app.register(logRoutes(db, { perMinute: config.logRateLimitPerMinute, limiter: logLimiter }), {
    prefix: API.log,
  });
  await registerAdmin(app, { db, now, mail: config.mail });
  await registerPlay(app, core, { stages, players, rosterWithdrawnHooks });

  const spa = await registerStaticWeb(app, config.webDist);
  registerNotFound(app, spa);
  return app;
}
