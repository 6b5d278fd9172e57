import { z } from 'zod';

/** Environment of the demo bots (read by config.ts); README "Configuration". */
export const demoEnvSchema = z.object({
  /**
   * The demo's simulated teams keep playing (features/demo). On by default; it runs only with the
   * demo seed on and the simulated game. Set to false to keep the demo still.
   */
  DEMO_BOTS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('true')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** How often the bots look for something to do. */
  DEMO_BOTS_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
  /** Pace of the bots (features/demo DEFAULT_DEMO_PACE): a war's length, the rest between ladder matches, */
  DEMO_WAR_PLAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(240),
  DEMO_REST_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** and how soon a coming stage match keeps a team off the ladder queue. */
  DEMO_BUSY_HORIZON_SECONDS: z.coerce.number().int().min(0).max(86_400).default(1_800),
  /**
   * How soon after the demo seed round 2 of its swiss stage starts (seed/demo-season-seed.ts); the
   * hub's lead for a new swiss round (15 minutes) when unset. The browser suite's demo run sets it
   * short, so the demo plays a stage match within a minute or two.
   */
  DEMO_SWISS_ROUND_LEAD_SECONDS: z.coerce.number().int().min(0).max(900).optional(),
});

export interface DemoConfig {
  enabled: boolean;
  intervalMs: number;
  pace: { warPlayMs: number; restMs: number; busyHorizonMs: number };
  /** DEMO_SWISS_ROUND_LEAD_SECONDS in ms, when set. */
  swissRoundLeadMs?: number;
}

export function toDemoConfig(e: z.infer<typeof demoEnvSchema>): DemoConfig {
  return {
    enabled: e.DEMO_BOTS,
    intervalMs: e.DEMO_BOTS_INTERVAL_MS,
    pace: {
      warPlayMs: e.DEMO_WAR_PLAY_SECONDS * 1000,
      restMs: e.DEMO_REST_SECONDS * 1000,
      busyHorizonMs: e.DEMO_BUSY_HORIZON_SECONDS * 1000,
    },
    ...(e.DEMO_SWISS_ROUND_LEAD_SECONDS !== undefined && {
      swissRoundLeadMs: e.DEMO_SWISS_ROUND_LEAD_SECONDS * 1000,
    }),
  };
}
