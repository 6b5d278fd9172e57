import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/pool-size.js';
import { DEFAULT_STATEMENT_CACHE_SIZE } from './db/statement-cache.js';
import {
  type AnnouncementsConfig,
  announcementsEnvSchema,
  toAnnouncementsConfig,
} from './features/announcements/announcements-config.js';
import { type DemoConfig, demoEnvSchema, toDemoConfig } from './features/demo/demo-config.js';
import { type LadderConfig, ladderEnvSchema, toLadderConfig } from './features/ladder/ladder-config.js';
import { toWarPollConfig, type WarPollConfig, warEnvSchema } from './features/war/war-config.js';
import {
  type HardeningConfig,
  hardeningEnvSchema,
  toHardeningConfig,
  UnsafeConfigError,
} from './http/hardening-config.js';
import { REPO_ROOT } from './paths.js';
import { type PlayersConfig, playersEnvSchema, toPlayersConfig } from './wiring/players-config.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalString,
  /** PostgreSQL: connections this instance keeps open (node-postgres pool size). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_POOL_SIZE),
  /** PostgreSQL: statement texts prepared once per connection (db/statement-cache.ts); 0 = off. */
  DATABASE_STATEMENT_CACHE: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_STATEMENT_CACHE_SIZE),
  DATA_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'data')),
  REDIS_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json` (one JSON line per entry, every request logged: production) or `pretty` (short coloured
   * lines, no per-request lines: the embedded demo). Default: pretty without DATABASE_URL outside
   * production, else json.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST: z
    .string()
    .min(1)
    .default(resolve(REPO_ROOT, 'apps', 'web', 'dist')),
  SEED_DEMO: booleanFromEnv.optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  ADMIN_EMAIL: z.email().default('admin@clanwarhub.local'),
  ADMIN_PASSWORD: z.string().min(8).default('ClanWarHub!2025'),
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); without it mail goes to the outbox table. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Clan War Hub <no-reply@clanwarhub.local>'),
  /**
   * The hub's public address (scheme, host, optional path, no query), put in front of the links of
   * mails (password reset): `https://hub.example.com`. Default `http://localhost:{PORT}`.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((value) => !/[?#]/.test(value), 'must have no query or fragment')
    .optional(),
  LOG_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Failed sign-ins per IP and e-mail, and failed game-user token checks per IP, per window. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  GAME_USER_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
  /** Failed sign-ins of one e-mail from any IP, and of one IP over any e-mails (password spraying). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  ...playersEnvSchema.shape,
  ...ladderEnvSchema.shape,
  ...warEnvSchema.shape,
  ...hardeningEnvSchema.shape,
  ...demoEnvSchema.shape,
  ...announcementsEnvSchema.shape,
});

/** Game mode, age gate, country and Discord settings are in PlayersConfig (docs/api/players-and-teams.md). */
export interface AppConfig extends PlayersConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseStatementCache: number;
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** JSON lines (production default) or pretty, quiet lines (the embedded demo's default). */
  logFormat: 'json' | 'pretty';
  webDist: string;
  /** Seed the demo data when the events table is empty. Defaults to on for the embedded database only. */
  seedDemo: boolean;
  tokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  bodyLimitBytes: number;
  /** Proxy hops in front, or the trusted proxy addresses; false: the socket address is the client. */
  trustProxy: false | number | string[];
  /** Timeouts, security headers, metrics, load shedding, simulator access (http/hardening-config.ts). */
  hardening: HardeningConfig;
  shutdownGraceMs: number;
  adminEmail: string;
  adminPassword: string;
  logRateLimitPerMinute: number;
  /** Outgoing mail: SMTP when `smtpUrl` is set, else the database outbox the console shows. */
  mail: { smtpUrl: string | undefined; from: string; publicUrl: string };
  /** Failed-attempt limits of the login and the game-user lookup (Redis-shared with REDIS_URL). */
  authFailures: {
    loginMax: number;
    loginAccountMax: number;
    loginIpMax: number;
    gameUserMax: number;
    windowMs: number;
  };
  /** Ladder play: matchmaker, sweeper, accept window (docs/api/ladder.md). */
  ladder: LadderConfig;
  /** Official game: API throttling, war polling and the no-show window (docs/jobs.md). */
  warPoll: WarPollConfig;
  /** The demo bots (features/demo): on with the demo seed and the simulated game unless DEMO_BOTS=false. */
  demo: DemoConfig;
  /** Event announcements to a chat webhook: allowed bases besides Discord's, retries (issue #34). */
  announcements: AnnouncementsConfig;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a readable ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  try {
    return toAppConfig(e, env);
  } catch (error) {
    if (error instanceof UnsafeConfigError) throw new ConfigError(`Unsafe configuration: ${error.message}`);
    throw error;
  }
}

function toAppConfig(e: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): AppConfig {
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseStatementCache: e.DATABASE_STATEMENT_CACHE,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    logFormat:
      e.LOG_FORMAT ?? (env.NODE_ENV !== 'production' && e.DATABASE_URL === undefined ? 'pretty' : 'json'),
    webDist: resolve(e.WEB_DIST),
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    hardening: toHardeningConfig(e, env.NODE_ENV),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logRateLimitPerMinute: e.LOG_RATE_LIMIT_PER_MINUTE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
    authFailures: {
      loginMax: e.LOGIN_MAX_FAILURES,
      loginAccountMax: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginIpMax: e.LOGIN_MAX_FAILURES_PER_IP,
      gameUserMax: e.GAME_USER_MAX_FAILURES,
      windowMs: e.AUTH_FAILURE_WINDOW_SECONDS * 1000,
    },
    ...toPlayersConfig(e),
    ladder: toLadderConfig(e, env.NODE_ENV),
    warPoll: toWarPollConfig(e),
    demo: toDemoConfig(e),
    announcements: toAnnouncementsConfig(e),
  };
}
