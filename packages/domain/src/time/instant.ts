import type { DateRange, Instant } from '../entities/common.js';

/** Epoch milliseconds of a Date, a number or an ISO string (NaN when unparseable). */
export function toMillis(value: Instant): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Date.parse(value);
  return value.getTime();
}

/** `from <= now <= to`; unparseable bounds never contain anything. */
export function rangeContains(range: DateRange, now: Instant): boolean {
  const at = toMillis(now);
  return toMillis(range.from) <= at && at <= toMillis(range.to);
}

export type RangeStatus = 'before' | 'open' | 'after';

export function rangeStatus(range: DateRange, now: Instant): RangeStatus {
  const at = toMillis(now);
  if (at < toMillis(range.from)) return 'before';
  if (at > toMillis(range.to)) return 'after';
  return 'open';
}

/**
 * The spec's recurring "the one whose range contains now, else the next upcoming, else the last".
 * Items are considered in date.from order (stable), so the answer does not depend on input order.
 */
export function pickByTime<T extends { date: DateRange }>(items: readonly T[], now: Instant): T | undefined {
  if (items.length === 0) return undefined;
  const at = toMillis(now);
  const ordered = [...items].sort((a, b) => toMillis(a.date.from) - toMillis(b.date.from));
  return (
    ordered.find((item) => rangeContains(item.date, at)) ??
    ordered.find((item) => toMillis(item.date.from) > at) ??
    ordered[ordered.length - 1]
  );
}
