import { randomUUID } from 'node:crypto';
import { API } from '@cwh/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { prepareDatabase } from './db/bootstrap.js';
import type { Database } from './db/client.js';
import { authRoutes } from './features/auth/auth-routes.js';
import { createAuthService } from './features/auth/auth-service.js';
import { bracketRoutes } from './features/brackets/brackets-routes.js';
import { eventRoutes } from './features/events/event-routes.js';
import { gameRoutes } from './features/games/game-routes.js';
import { healthRoutes } from './features/health/health-routes.js';
import { createPlayerAuth, withPlayerTokens } from './features/hub/player-auth.js';
import { registerLadder } from './features/ladder/register-ladder.js';
import { logRoutes } from './features/log/log-routes.js';
import { registerPlayersAndTeams } from './features/players-and-teams.js';
import { segmentRoutes } from './features/segments/segment-routes.js';
import { registerAuthenticate } from './http/authenticate.js';
import { registerContentNegotiation } from './http/content-negotiation.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerNotFound } from './http/not-found.js';
import { registerOpenApi } from './http/openapi.js';
import { registerStaticWeb } from './http/static-web.js';
import { registerTenant } from './http/tenant.js';
import './http/fastify-types.js';
import { DomainError } from './errors/domain-error.js';
import { LOG_REDACT_PATHS } from './http/log-redaction.js';
import { createFailureLimit, createRateLimiter } from './http/rate-limit.js';
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
}

export function loggerOptions(config: AppConfig, override: AppDeps['logger']) {
  if (override !== undefined) return override;
  return {
    level: config.logLevel,
    redact: LOG_REDACT_PATHS,
  };
}

/** Builds the whole HTTP + socket.io application without listening: tests `inject`, main `listen`s. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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

  registerErrorHandler(app);
  registerTenant(app);
  registerContentNegotiation(app);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  const tokenTtls = {
    tokenTtlSeconds: config.tokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    now,
  };
  const baseAuth = createAuthService(database.db, tokenTtls);
  // Player tokens (game-user lookup) work wherever hub-user tokens do, refresh included.
  const playerAuth = createPlayerAuth(database.db, tokenTtls);
  const auth = withPlayerTokens(baseAuth, playerAuth);
  const limiter = (name: string, windowMs: number) =>
    createRateLimiter({
      name,
      windowMs,
      redis,
      now: () => now().getTime(),
      onRedisError: (error) => app.log.warn({ err: error }, 'rate limit: redis failed, counting in memory'),
    });
  const { authFailures } = config;
  const failureLimit = (name: string, limit: number, detail: string, codes: readonly string[]) =>
    createFailureLimit(limiter(name, authFailures.windowMs), {
      limit,
      detail,
      isFailure: (error) => error instanceof DomainError && codes.includes(error.code),
    });
  const loginLimit = failureLimit(
    'login',
    authFailures.loginMax,
    'Too many failed sign-ins, try again later',
    ['UNAUTHENTICATED'],
  );
  const gameUserTokenLimit = failureLimit(
    'game-user',
    authFailures.gameUserMax,
    'Too many wrong API tokens, try again later',
    ['INVALID_TOKEN'],
  );
  registerAuthenticate(app, auth);

  const realtime = await createSocketServer(app.server, {
    redis,
    logger: app.log,
    authenticate: (token) => app.verifyAccessToken(token),
  });
  app.decorate('io', realtime.io);
  // Open websockets would keep the HTTP server from closing, so they go first.
  app.addHook('preClose', () => realtime.close());

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(authRoutes(auth, { loginLimit }), { prefix: API.users });
  await app.register(eventRoutes(database.db), { prefix: API.tournaments });
  await app.register(segmentRoutes(database.db), { prefix: API.tournaments });
  await app.register(gameRoutes(database.db), { prefix: API.tournaments });
  await app.register(bracketRoutes(database.db), { prefix: API.tournaments });
  const playersAndTeams = await registerPlayersAndTeams(app, {
    config,
    db: database.db,
    auth: baseAuth,
    playerAuth,
    now,
    gameUserTokenLimit,
  });
  const logLimiter = limiter('log', 60_000);
  await app.register(
    logRoutes(database.db, { perMinute: config.logRateLimitPerMinute, limiter: logLimiter }),
    {
      prefix: API.log,
    },
  );

  await registerLadder(app, { db: database.db, config: config.ladder, now, game: playersAndTeams });

  const spa = await registerStaticWeb(app, config.webDist);
  registerNotFound(app, spa);
  return app;
}
