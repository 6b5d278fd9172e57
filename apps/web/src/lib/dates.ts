import {
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  type Instant,
  type Locale,
} from '@cwh/domain';

/**
 * The hub's one date rule (spec 1: day, short month, year, 24-hour time, GMT offset, never `UTC`)
 * lives in the domain; the web only adds the time zone: players see dates where they are.
 */
export { gmtLabel, gmtOffsetMinutes } from '@cwh/domain';

/**
 * The zone of a page the server renders (entry-server.tsx) and of its hydration, which must show
 * the server's HTML as it is: GMT there, the viewer's own zone right after (main.tsx).
 */
let renderedZone: string | null = null;

export function renderTimesIn(zone: string | null): void {
  renderedZone = zone;
}

/** The viewer's own time zone: players see start times where they are. */
export function viewerTimeZone(): string {
  return renderedZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** `31 Oct 2025, 15:00 GMT+1`, in the viewer's time zone unless one is given. */
export function formatDateTime(value: Instant, locale: Locale, timeZone = viewerTimeZone()): string {
  return formatDateTimeIn(value, locale, timeZone);
}

/** `31 Oct 2025`, in the viewer's time zone unless one is given. */
export function formatDate(value: Instant, locale: Locale, timeZone = viewerTimeZone()): string {
  return formatDateIn(value, locale, timeZone);
}
