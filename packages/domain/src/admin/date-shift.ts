/** How far a cloned season moves: whole calendar months first, then days. */
export interface DateOffset {
  months: number;
  days: number;
}

const DAY_MS = 86_400_000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * Shifts an instant by calendar months (in UTC, clamping the day so 31 January + 1 month is the
 * last day of February, not 3 March) and then by days. Time of day is kept.
 */
export function shiftInstant(instant: Date, offset: DateOffset): Date {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth() + offset.months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(instant.getUTCDate(), daysInMonth(targetYear, targetMonth));
  const shifted = Date.UTC(
    targetYear,
    targetMonth,
    day,
    instant.getUTCHours(),
    instant.getUTCMinutes(),
    instant.getUTCSeconds(),
    instant.getUTCMilliseconds(),
  );
  return new Date(shifted + offset.days * DAY_MS);
}

/** The same for an ISO string range (registration phases, check-in windows). */
export function shiftRange<T extends { from: string; to: string }>(range: T, offset: DateOffset): T {
  return {
    ...range,
    from: isoWithoutMs(shiftInstant(new Date(range.from), offset)),
    to: isoWithoutMs(shiftInstant(new Date(range.to), offset)),
  };
}

/** Spec §5: dates travel as ISO 8601 without milliseconds. */
export function isoWithoutMs(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
