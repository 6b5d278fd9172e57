export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter": half the window is fixed so retries never hammer the
 * API immediately, half is random so many hub instances do not retry in lockstep after an outage.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const window = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
  return Math.round(window / 2 + random() * (window / 2));
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
