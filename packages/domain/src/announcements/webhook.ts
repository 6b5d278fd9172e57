/**
 * Announcements to the community's chat (issue #34): which webhook addresses an organizer may set,
 * how one is shown (it is a secret: whoever holds it can post), and what a delivery's answer means
 * for the next attempt. Pure: the server's job and the console both use these.
 */

/** Discord's own webhook bases; a deployment may add others (tests, self-hosted chat bridges). */
export const DISCORD_WEBHOOK_BASES = [
  'https://discord.com/api/webhooks/',
  'https://discordapp.com/api/webhooks/',
] as const;

const DISCORD_PATH = /^(\d{5,25})\/([A-Za-z0-9_-]{20,200})$/;
const OTHER_PATH = /^[A-Za-z0-9._~%/-]+$/;

/**
 * Whether `url` is a webhook address the hub may post to: a Discord webhook
 * (`https://discord.com/api/webhooks/{id}/{token}`, or discordapp.com), or any address under one of
 * the configured `extraBases`. No query, no fragment, no credentials.
 */
export function isAllowedWebhookUrl(url: string, extraBases: readonly string[] = []): boolean {
  if (url.length > 500 || /[\s?#@]/.test(url)) return false;
  for (const base of DISCORD_WEBHOOK_BASES) {
    if (url.startsWith(base)) return DISCORD_PATH.test(url.slice(base.length));
  }
  return extraBases.some((base) => {
    if (base === '' || !url.startsWith(base)) return false;
    const rest = url.slice(base.length);
    return rest.length > 0 && OTHER_PATH.test(rest);
  });
}

/**
 * The address as the console shows it: everything up to the last path segment (the token), then
 * the token's last four characters behind dots. A short last segment is hidden whole.
 */
export function maskWebhookUrl(url: string): string {
  const cut = url.lastIndexOf('/');
  const head = url.slice(0, cut + 1);
  const token = url.slice(cut + 1);
  return token.length > 8 ? `${head}••••${token.slice(-4)}` : `${head}••••`;
}

/** A delivery's answer: an HTTP status (with Discord's retry_after, in seconds, on a 429) or no answer. */
export type WebhookAnswer =
  | { kind: 'status'; status: number; retryAfterSeconds?: number | null }
  | { kind: 'unreachable' };

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** Wait before the second attempt; doubled for each further one. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export type DeliveryStep =
  | { kind: 'sent' }
  | { kind: 'retry'; delaySeconds: number }
  | { kind: 'failed'; reason: 'rejected' | 'exhausted' };

/**
 * What follows the `attempt`-th attempt (1 for the first): 2xx is delivered; 429 waits Discord's
 * retry_after (at least one second); any other 4xx is a refusal that retrying cannot fix (bad or
 * deleted webhook); 5xx and no answer are retried with exponential backoff until `maxAttempts`.
 */
export function nextDeliveryStep(answer: WebhookAnswer, attempt: number, policy: RetryPolicy): DeliveryStep {
  const status = answer.kind === 'status' ? answer.status : null;
  if (status !== null && status >= 200 && status < 300) return { kind: 'sent' };
  if (status !== null && status >= 400 && status < 500 && status !== 429) {
    return { kind: 'failed', reason: 'rejected' };
  }
  if (attempt >= policy.maxAttempts) return { kind: 'failed', reason: 'exhausted' };
  if (status === 429 && answer.kind === 'status') {
    const wait = answer.retryAfterSeconds ?? policy.baseDelaySeconds;
    return { kind: 'retry', delaySeconds: Math.min(Math.max(1, wait), policy.maxDelaySeconds) };
  }
  const backoff = policy.baseDelaySeconds * 2 ** (attempt - 1);
  return { kind: 'retry', delaySeconds: Math.min(backoff, policy.maxDelaySeconds) };
}
