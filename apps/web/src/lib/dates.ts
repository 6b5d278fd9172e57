import {
  formatDate as domainFormatDate,
  formatDateTime as domainFormatDateTime,
  type Instant,
  type Locale,
} from '@cwh/domain';

/** The viewer's own time zone: players see start times where they are (domain defaults to UTC). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Day, short month, year, 24-hour time and GMT offset, in the viewer's time zone. */
export function formatDateTime(value: Instant, locale: Locale, timeZone = viewerTimeZone()) {
  return domainFormatDateTime(value, locale, timeZone);
}

export function formatDate(value: Instant, locale: Locale, timeZone = viewerTimeZone()) {
  return domainFormatDate(value, locale, timeZone);
}
