import { z } from 'zod';

/** Environment of the official-game war polling (read by config.ts; README "Configuration"). */
export const warEnvSchema = z.object({
  /** Requests per second per key of COC_API_KEY; the official API throttles per key. */
  COC_API_REQUESTS_PER_SECOND: z.coerce.number().min(0).default(10),
  /** How often a live match series' war is polled when the API gives no longer Cache-Control. */
  WAR_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Default no-show window after the scheduled start; a segment's `noShowWindowMinutes` wins. */
  WAR_NO_SHOW_MINUTES: z.coerce.number().int().min(1).default(30),
});

export interface WarPollConfig {
  requestsPerSecondPerKey: number;
  pollIntervalMs: number;
  noShowWindowMs: number;
}

export function toWarPollConfig(e: z.infer<typeof warEnvSchema>): WarPollConfig {
  return {
    requestsPerSecondPerKey: e.COC_API_REQUESTS_PER_SECOND,
    pollIntervalMs: e.WAR_POLL_INTERVAL_SECONDS * 1000,
    noShowWindowMs: e.WAR_NO_SHOW_MINUTES * 60_000,
  };
}
