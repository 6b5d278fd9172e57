import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { REPO_ROOT } from './paths.js';

describe('loadConfig', () => {
  it('has embedded defaults resolved from the repo, not the cwd', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir: join(REPO_ROOT, 'data'),
      webDist: join(REPO_ROOT, 'apps', 'web', 'dist'),
      seedDemo: true,
      tokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      bodyLimitBytes: 100 * 1024,
      trustProxy: false,
      logLevel: 'info',
      adminEmail: 'admin@clanwarhub.local',
    });
  });

  it.each`
    why                                       | env                                                  | format
    ${'the embedded demo: pretty'}            | ${{}}                                                | ${'pretty'}
    ${'PostgreSQL: JSON'}                     | ${{ DATABASE_URL: 'postgres://x@h/db' }}             | ${'json'}
    ${'production: JSON'}                     | ${{ NODE_ENV: 'production', GAME_MODE: 'official' }} | ${'json'}
    ${'LOG_FORMAT=json on the embedded demo'} | ${{ LOG_FORMAT: 'json' }}                            | ${'json'}
  `('logs as $format on $why', ({ env, format }) => {
    expect(loadConfig(env).logFormat).toBe(format);
  });

  it('runs the demo bots unless DEMO_BOTS=false', () => {
    expect(loadConfig({}).demo).toEqual({
      enabled: true,
      intervalMs: 5_000,
      pace: { warPlayMs: 240_000, restMs: 600_000, busyHorizonMs: 1_800_000 },
    });
    expect(loadConfig({ DEMO_BOTS: 'false' }).demo.enabled).toBe(false);
    expect(() => loadConfig({ DEMO_BOTS: 'maybe' })).toThrow(/DEMO_BOTS/);
  });

  it('starts the demo swiss round DEMO_SWISS_ROUND_LEAD_SECONDS after the seed, up to 15 minutes', () => {
    expect(loadConfig({ DEMO_SWISS_ROUND_LEAD_SECONDS: '120' }).demo.swissRoundLeadMs).toBe(120_000);
    expect(() => loadConfig({ DEMO_SWISS_ROUND_LEAD_SECONDS: '901' })).toThrow(
      /DEMO_SWISS_ROUND_LEAD_SECONDS/,
    );
  });

  it('does not seed by default on PostgreSQL, unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it.each`
    why                                      | env                                                            | access
    ${'the embedded demo: open'}             | ${{}}                                                          | ${{ access: 'open' }}
    ${'PostgreSQL without a token: closed'}  | ${{ DATABASE_URL: 'postgres://x@h/db' }}                       | ${{ access: 'closed' }}
    ${'production without a token: closed'}  | ${{ NODE_ENV: 'production', GAME_MODE: 'official' }}           | ${{ access: 'closed' }}
    ${'PostgreSQL, METRICS_OPEN=true: open'} | ${{ DATABASE_URL: 'postgres://x@h/db', METRICS_OPEN: 'true' }} | ${{ access: 'open' }}
    ${'a token: required wherever'}          | ${{ METRICS_TOKEN: ' s3cret ' }}                               | ${{ access: 'token', token: 's3cret' }}
  `('GET /metrics on $why', ({ env, access }) => {
    expect(loadConfig(env).hardening.metrics).toEqual(access);
  });

  it('treats empty strings as unset and coerces numbers', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: ' ', PORT: '9000', TRUST_PROXY: '1' });
    expect(config).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
      port: 9000,
      trustProxy: 1,
    });
  });

  it('prepares repeated statements by default; DATABASE_STATEMENT_CACHE=0 turns it off, a negative size is refused', () => {
    expect(loadConfig({}).databaseStatementCache).toBe(1000);
    expect(loadConfig({ DATABASE_STATEMENT_CACHE: '0' }).databaseStatementCache).toBe(0);
    expect(() => loadConfig({ DATABASE_STATEMENT_CACHE: '-1' })).toThrow(/DATABASE_STATEMENT_CACHE/);
  });

  it('keeps 10 PostgreSQL connections per instance unless DATABASE_POOL_SIZE says otherwise; 0 is refused', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
