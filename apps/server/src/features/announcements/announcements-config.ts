import type { RetryPolicy } from '@cwh/domain';
import { z } from 'zod';

/** Environment of the event announcements to a chat webhook (read by config.ts; README "Configuration"). */
export const announcementsEnvSchema = z.object({
  /**
   * Webhook bases an organizer may use besides Discord's (comma-separated, each ending in `/`): a
   * self-hosted chat bridge, or the tests' local stand-in for Discord. Empty: Discord only.
   */
  ANNOUNCEMENT_WEBHOOK_BASES: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((base) => base.trim())
        .filter((base) => base !== ''),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).refine((base) => base.endsWith('/'), 'must end with /'))),
  /** Attempts per announcement, the first included (5xx, no answer and 429 are retried). */
  ANNOUNCEMENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Wait before the second attempt, doubled for each further one (capped at an hour). */
  ANNOUNCEMENT_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
});

export interface AnnouncementsConfig {
  webhookBases: string[];
  retry: RetryPolicy;
  /** How long one POST to the webhook may take. */
  timeoutMs: number;
}

export function toAnnouncementsConfig(e: z.infer<typeof announcementsEnvSchema>): AnnouncementsConfig {
  return {
    webhookBases: e.ANNOUNCEMENT_WEBHOOK_BASES,
    retry: {
      maxAttempts: e.ANNOUNCEMENT_MAX_ATTEMPTS,
      baseDelaySeconds: e.ANNOUNCEMENT_RETRY_SECONDS,
      maxDelaySeconds: 3600,
    },
    timeoutMs: 10_000,
  };
}
