import type { Instant } from '../entities/common.js';
import { INTL_LOCALE, type Locale } from '../locales.js';
import { toMillis } from './instant.js';

const DEFAULT_TIME_ZONE = 'UTC';

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
};

/** DATE_TIME, DATE and TIME formats (spec 9 names them without values; these are ours). */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = { ...DATE_OPTIONS, ...TIME_OPTIONS };
export const DATE_FORMAT: Intl.DateTimeFormatOptions = DATE_OPTIONS;
export const TIME_FORMAT: Intl.DateTimeFormatOptions = TIME_OPTIONS;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: Locale, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** ICU writes a zero offset as `GMT+0`; the hub shows plain `GMT` (or the locale's `UTC`). */
function tidyZeroOffset(part: Intl.DateTimeFormatPart): string {
  return part.type === 'timeZoneName'
    ? part.value.replace(/^(\[?)(GMT|UTC)[+-]0(\]?)$/, '$1$2$3')
    : part.value;
}

function format(
  value: Instant,
  locale: Locale,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const at = toMillis(value);
  if (Number.isNaN(at)) return '';
  return dateTimeFormat(locale, timeZone, options).formatToParts(at).map(tidyZeroOffset).join('');
}

/** Day, short month, year, 24-hour time and GMT offset, e.g. `31 Oct 2025, 14:00 GMT`. */
export function formatDateTime(value: Instant, locale: Locale, timeZone = DEFAULT_TIME_ZONE): string {
  return format(value, locale, timeZone, DATE_TIME_FORMAT);
}

/** Day, short month and year, e.g. `31 Oct 2025`. */
export function formatDate(value: Instant, locale: Locale, timeZone = DEFAULT_TIME_ZONE): string {
  return format(value, locale, timeZone, DATE_FORMAT);
}

/** 24-hour time with GMT offset, e.g. `14:00 GMT+1`. */
export function formatTime(value: Instant, locale: Locale, timeZone = DEFAULT_TIME_ZONE): string {
  return format(value, locale, timeZone, TIME_FORMAT);
}

const DURATION_UNITS = [
  { unit: 'day', ms: 86_400_000 },
  { unit: 'hour', ms: 3_600_000 },
  { unit: 'minute', ms: 60_000 },
  { unit: 'second', ms: 1_000 },
] as const;

const unitFormats = new Map<string, Intl.NumberFormat>();

function unitFormat(locale: Locale, unit: string): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'unit', unit, unitDisplay: 'narrow' });
    unitFormats.set(key, format);
  }
  return format;
}

/**
 * A countdown in d/h/m/s parts, e.g. `1d 2h 3m 4s` (en). Leading zero units are dropped but inner
 * ones kept so a ticking countdown keeps its shape; negative durations show as zero seconds.
 * (Node 22 has no Intl.DurationFormat, hence one NumberFormat per unit.)
 */
export function formatDuration(ms: number, locale: Locale): string {
  let rest = Math.max(0, Math.floor(Number.isFinite(ms) ? ms : 0));
  const parts: string[] = [];
  for (const { unit, ms: unitMs } of DURATION_UNITS) {
    const amount = Math.floor(rest / unitMs);
    rest -= amount * unitMs;
    if (parts.length > 0 || amount > 0 || unit === 'second') {
      parts.push(unitFormat(locale, unit).format(amount));
    }
  }
  return parts.join(' ');
}
