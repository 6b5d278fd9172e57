/** Dates as the organizer console's season clone moves them (features/events: clone one month later). */

/** The instant a calendar month later, its day kept or brought to the month's last (31 Jan → 28 Feb). */
export function monthLater(iso: string): string {
  const d = new Date(iso);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0)).getUTCDate();
  const later = Date.UTC(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
  return new Date(later).toISOString();
}
