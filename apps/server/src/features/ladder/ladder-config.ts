import { MATCHMAKING_REMATCH_GRACE_MS, MATCHUP_ACCEPT_WINDOW_MS } from '@cwh/domain';
import { z } from 'zod';

/** Environment of ladder play (read by config.ts); docs/api/ladder.md. */
export const ladderEnvSchema = z.object({
  /** Sweeper period: expires match-ups whose accept window has passed. */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  /** Matchmaking tick period (a tick also runs right after each join). */
  MATCHMAKING_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  /**
   * Accept window of a match-up. TESTS ONLY: production keeps the spec's 15 s; a value other
   * than 15000 is refused when NODE_ENV=production.
   */
  MATCHUP_ACCEPT_WINDOW_MS: z.coerce.number().int().min(100).max(600_000).default(MATCHUP_ACCEPT_WINDOW_MS),
  /**
   * Last opponents are paired again only once both waited longer than this (the rule of
   * packages/domain matchmaking). The browser journey shortens it so its captains meet again quickly.
   */
  MATCHMAKING_REMATCH_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(MATCHMAKING_REMATCH_GRACE_MS),
  /** Date of a new ladder match series: now + this lead time. */
  MATCH_LEAD_TIME_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
  /** Matches one roster may play in one ladder segment; then ROSTER_ALREADY_PLAYED (→ /error/28). */
  LADDER_MAX_MATCHES_PER_SEGMENT: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Set to false to run an instance without matchmaker and sweeper (HTTP only). */
  LADDER_WORKERS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export interface LadderConfig {
  sweepIntervalMs: number;
  matchmakingIntervalMs: number;
  acceptWindowMs: number;
  rematchGraceMs: number;
  matchLeadTimeMs: number;
  maxMatchesPerSegment: number;
  workers: boolean;
}

export function toLadderConfig(
  e: z.infer<typeof ladderEnvSchema>,
  nodeEnv = process.env.NODE_ENV,
): LadderConfig {
  if (nodeEnv === 'production' && e.MATCHUP_ACCEPT_WINDOW_MS !== MATCHUP_ACCEPT_WINDOW_MS) {
    throw new Error(
      `MATCHUP_ACCEPT_WINDOW_MS is for tests only; production uses ${MATCHUP_ACCEPT_WINDOW_MS}`,
    );
  }
  return {
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    matchmakingIntervalMs: e.MATCHMAKING_INTERVAL_MS,
    acceptWindowMs: e.MATCHUP_ACCEPT_WINDOW_MS,
    rematchGraceMs: e.MATCHMAKING_REMATCH_GRACE_MS,
    matchLeadTimeMs: e.MATCH_LEAD_TIME_MS,
    maxMatchesPerSegment: e.LADDER_MAX_MATCHES_PER_SEGMENT,
    workers: e.LADDER_WORKERS,
  };
}

export const defaultLadderConfig = (): LadderConfig => toLadderConfig(ladderEnvSchema.parse({}), 'test');
