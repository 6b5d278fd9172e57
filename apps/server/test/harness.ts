import { API, JSONAPI_MEDIA_TYPE } from '@cwh/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, it } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config.js';
import type { Database, DatabaseKind } from '../src/db/client.js';
import { checkInjectedAnswers } from './jsonapi-conformance.js';
import { createTestDatabase, describeEachKind } from './test-database.js';

/** Fixed clock of the test apps; the seed's relative dates hang off it. */
export const TEST_NOW = new Date('2026-03-15T12:00:00Z');
export const TEST_ADMIN = { email: 'admin@clanwarhub.local', password: 'test-admin-password' };

export interface TestAppOptions {
  /** Load the demo seed (default true). */
  seed?: boolean;
  config?: Partial<AppConfig>;
  deps?: Omit<AppDeps, 'database'>;
  now?: Date;
}

export interface TestContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  now: Date;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // Built from an empty environment so the developer's shell variables cannot leak into tests.
  const base = loadConfig({ ADMIN_PASSWORD: TEST_ADMIN.password });
  // The suites drive the simulated game through its API, as the demo does (SIMULATOR_OPEN);
  // test/simulator-access.test.ts closes it.
  // Load shedding off: a loaded test machine lags on its own (test/hardening drives it directly).
  const hardening = { ...base.hardening, simulatorOpen: true, maxEventLoopDelayMs: 0 };
  // The demo bots stay off unless a test turns them on (test/demo).
  const demo = { ...base.demo, enabled: false };
  return {
    ...base,
    webDist: '/nonexistent',
    seedDemo: false,
    redisUrl: undefined,
    hardening,
    demo,
    // Tests read the JSON lines (test/log-redaction.test.ts).
    logFormat: 'json',
    ...overrides,
  };
}

/** Builds an app on a fresh database, runs `fn`, and tears everything down. */
export async function withTestApp<T>(
  kind: DatabaseKind,
  fn: (ctx: TestContext) => Promise<T>,
  options: TestAppOptions = {},
): Promise<T> {
  const ctx = await startTestApp(kind, options);
  try {
    return await fn(ctx.context);
  } finally {
    await ctx.stop();
  }
}

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}) {
  const now = options.now ?? TEST_NOW;
  const config = testConfig(options.config);
  // The demo seed comes with the database: a copy of a migrated and seeded template (test-database.ts).
  const seed = { now, adminEmail: config.adminEmail, adminPassword: config.adminPassword };
  const testDb = await createTestDatabase(kind, options.seed === false ? {} : { seed });
  // Redis stays off unless a test opts in by passing `deps: { redis: undefined }` and a redisUrl.
  const deps: AppDeps = {
    logger: false,
    now: () => now,
    redis: null,
    ...options.deps,
    database: testDb.database,
  };
  // Every answer of app.inject is checked against the JSON:API schema (jsonapi-conformance.ts).
  const app = checkInjectedAnswers(await buildApp(config, deps));
  await app.ready();
  const context: TestContext = { kind, app, database: testDb.database, config, now };
  return {
    context,
    stop: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}

/**
 * `describe` once per available database; `ctx` is filled in `beforeAll`, so read it inside tests.
 */
export function describeEachDatabase(
  title: string,
  fn: (ctx: TestContext) => void,
  options: TestAppOptions = {},
): void {
  describeEachKind(`${title} [%s]`, (kind) => {
    // The kind is known when tests are collected (for PostgreSQL-only tests); the rest in beforeAll.
    const ctx = { kind } as TestContext;
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const started = await startTestApp(kind, options);
      Object.assign(ctx, started.context);
      stop = started.stop;
    });
    afterAll(async () => {
      await stop?.();
    });
    fn(ctx);
  });
}

/**
 * A test of concurrent transactions: PGlite has one connection, so two transactions cannot overlap
 * there. On PGlite it shows as skipped with that reason instead of passing without running.
 */
export function itOnPostgres(ctx: TestContext, title: string, fn: () => Promise<void>, timeout?: number) {
  const pglite = ctx.kind !== 'postgres';
  it.skipIf(pglite)(
    pglite ? `${title} (skipped on PGlite: one connection, transactions cannot overlap)` : title,
    fn,
    timeout,
  );
}

/** JSON:API request body wrapper. */
export const jsonApiBody = (attributes: Record<string, unknown>, type?: string) => ({
  data: { ...(type ? { type } : {}), attributes },
});

export function jsonApiRequest(options: InjectOptions): InjectOptions {
  return { ...options, headers: { 'content-type': JSONAPI_MEDIA_TYPE, ...options.headers } };
}

/** Logs in as the seeded admin and returns the session attributes (token, refreshToken, userId). */
export async function loginAsAdmin(app: FastifyInstance) {
  const response = await app.inject(
    jsonApiRequest({
      method: 'POST',
      url: `${API.users}/login`,
      payload: jsonApiBody({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    }),
  );
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().data.attributes as {
    token: { value: string; expires: string };
    refreshToken: { value: string; expires: string };
    userId: string;
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
