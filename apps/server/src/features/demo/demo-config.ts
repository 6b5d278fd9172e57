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
});

export interface DemoConfig {
  enabled: boolean;
  intervalMs: number;
}

export function toDemoConfig(e: z.infer<typeof demoEnvSchema>): DemoConfig {
  return { enabled: e.DEMO_BOTS, intervalMs: e.DEMO_BOTS_INTERVAL_MS };
}
