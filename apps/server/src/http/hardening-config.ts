import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An address or a CIDR block (`10.0.0.0/8`, `fd00::/8`), or proxy-addr's names (loopback, linklocal, uniquelocal). */
const isTrustedAddress = (value: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
};

/**
 * TRUST_PROXY: unset/false = the socket address is the client; a number = that many proxy hops in
 * front (the load balancer); a comma list = only these proxies may set X-Forwarded-For. `true` is
 * refused on purpose: it would let any client pick the IP that the rate limits key on.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const bad = list.filter((item) => !isTrustedAddress(item));
    if (text === 'true' || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count or a list of proxy addresses/CIDRs, got ${bad.join(', ') || text}`,
      });
      return z.NEVER;
    }
    return list;
  });

const originList = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.union([z.literal("'self'"), z.literal("'none'"), z.url()])));

/** Environment of the HTTP hardening (read by config.ts; README "Configuration"). */
export const hardeningEnvSchema = z.object({
  TRUST_PROXY: trustProxySchema,
  /** Whole request (headers and body) must arrive within this; a slow or half-sent body is cut. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** An idle socket (no bytes either way) is closed after this. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Who may frame the web app (CSP frame-ancestors): the game's web view origin(s). */
  FRAME_ANCESTORS: originList,
  /**
   * Bearer token GET /metrics requires. Unset: /metrics is open on the embedded demo only; with
   * DATABASE_URL or NODE_ENV=production it answers 401 until a token is set (or METRICS_OPEN=true,
   * for a scraper on a private network).
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  METRICS_OPEN: booleanFromEnv.optional(),
  /**
   * Load shedding: 503 + Retry-After when the event loop lags more than this (0 = off). Off by
   * default on the embedded database: PGlite runs every query on the event loop itself, so a lag
   * there measures the database's own work, not an overload that another instance could take.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Simulator API and console for everybody (demo switch); otherwise admins only. */
  SIMULATOR_OPEN: booleanFromEnv.optional(),
  /** The simulator on PostgreSQL (DATABASE_URL) at all. */
  SIMULATOR_ON_DATABASE_URL: booleanFromEnv.default(false),
  /** GAME_MODE=simulated with NODE_ENV=production starts only with this set. */
  ALLOW_SIMULATED_GAME_IN_PRODUCTION: booleanFromEnv.default(false),
});

export interface HardeningConfig {
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  frameAncestors: string[];
  /** GET /metrics: open, or a bearer token it requires, or closed (no token set outside the demo). */
  metrics: { access: 'open' } | { access: 'token'; token: string } | { access: 'closed' };
  maxEventLoopDelayMs: number;
  /** Whether the simulator API and console exist at all (simulated game, and not on PostgreSQL unless allowed). */
  simulatorEnabled: boolean;
  /** Whether anyone may use them; otherwise admins only. */
  simulatorOpen: boolean;
}

export class UnsafeConfigError extends Error {}

export function toHardeningConfig(
  e: z.infer<typeof hardeningEnvSchema> & { GAME_MODE: string; DATABASE_URL: string | undefined },
  nodeEnv: string | undefined,
): HardeningConfig {
  if (e.GAME_MODE === 'simulated' && nodeEnv === 'production' && !e.ALLOW_SIMULATED_GAME_IN_PRODUCTION) {
    throw new UnsafeConfigError(
      'GAME_MODE=simulated with NODE_ENV=production: anyone could fake the game. Set GAME_MODE=official, or ALLOW_SIMULATED_GAME_IN_PRODUCTION=true for a demo.',
    );
  }
  const embedded = e.DATABASE_URL === undefined;
  return {
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    frameAncestors: e.FRAME_ANCESTORS.length > 0 ? e.FRAME_ANCESTORS : ["'self'"],
    metrics: metricsAccess(e.METRICS_TOKEN, e.METRICS_OPEN ?? (embedded && nodeEnv !== 'production')),
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (embedded ? 0 : 1000),
    simulatorEnabled: e.GAME_MODE === 'simulated' && (embedded || e.SIMULATOR_ON_DATABASE_URL),
    // Closed unless switched on: the root `npm start` (embedded demo) passes SIMULATOR_OPEN=true.
    simulatorOpen: e.SIMULATOR_OPEN ?? false,
  };
}

function metricsAccess(token: string | undefined, open: boolean): HardeningConfig['metrics'] {
  if (token) return { access: 'token', token };
  return open ? { access: 'open' } : { access: 'closed' };
}
