import { DATE_FORMAT, INTL_LOCALE, type Instant, type Locale, toMillis } from '@cwh/domain';

/**
 * Dates as the hub shows them (spec 1): day, short month, year, 24-hour time and a GMT offset.
 *
 * The offset is written by the hub, not by Intl: `timeZoneName: 'shortOffset'` prints `UTC+1` in
 * French, `[GMT+1]` in Traditional Chinese and `GMT+0` for GMT itself, and older engines do not know
 * it. Here every locale gets `GMT`, `GMT+1`, `GMT-4` or `GMT+5:30`, never `UTC`.
 */

/** Intl tag per hub locale: the domain's, except Portuguese, which the hub writes in Brazilian Portuguese. */
export const DATE_LOCALE: Record<Locale, string> = { ...INTL_LOCALE, pt: 'pt-BR' };

const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_FORMAT, ...TIME_OPTIONS };
/** Wall-clock parts in a time zone, to work the zone's offset out. */
const WALL_CLOCK_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(tag: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${tag}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** Minutes the time zone is ahead of GMT at that instant (negative west of Greenwich). */
export function gmtOffsetMinutes(at: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', timeZone, WALL_CLOCK_OPTIONS).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour') % 24,
    part('minute'),
    part('second'),
  );
  return Math.round((wallClock - Math.floor(at / 1000) * 1000) / 60_000);
}

/** `GMT`, `GMT+1`, `GMT-4`, `GMT+5:30`, `GMT-9:30`. */
export function gmtLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'GMT';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `GMT${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

function format(
  value: Instant,
  locale: Locale,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  withOffset: boolean,
): string {
  const at = toMillis(value);
  if (Number.isNaN(at)) return '';
  const text = dateTimeFormat(DATE_LOCALE[locale], timeZone, options).format(at);
  return withOffset ? `${text} ${gmtLabel(gmtOffsetMinutes(at, timeZone))}` : text;
}

/** The viewer's own time zone: players see start times where they are. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Day, short month, year, 24-hour time and GMT offset, in the viewer's time zone: `31 Oct 2025, 15:00 GMT+1`. */
export function formatDateTime(value: Instant, locale: Locale, timeZone = viewerTimeZone()): string {
  return format(value, locale, timeZone, DATE_TIME_OPTIONS, true);
}

/** Day, short month and year: `31 Oct 2025`. */
export function formatDate(value: Instant, locale: Locale, timeZone = viewerTimeZone()): string {
  return format(value, locale, timeZone, DATE_FORMAT, false);
}
