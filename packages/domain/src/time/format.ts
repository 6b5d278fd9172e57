import type { Instant } from '../entities/common.js';
import { INTL_LOCALE, type Locale } from '../locales.js';
import { toMillis } from './instant.js';

/**
 * Dates as the hub shows them (spec 1): day, short month, year, 24-hour time and a GMT offset.
 *
 * The offset is written by the hub, not by Intl: `timeZoneName: 'shortOffset'` prints `UTC+1` in
 * French, `[GMT+1]` in Traditional Chinese and `GMT+0` for GMT itself, and older engines do not know
 * it. Here every locale gets `GMT`, `GMT+1`, `GMT-4` or `GMT+5:30`, never `UTC`.
 *
 * Pure and deterministic: the time zone is always passed in (the web passes the viewer's own).
 */

/** DATE_TIME, DATE and TIME formats (spec 9 names them without values; these are ours, offset aside). */
export const DATE_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
export const TIME_FORMAT: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = { ...DATE_FORMAT, ...TIME_FORMAT };

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
  const text = dateTimeFormat(INTL_LOCALE[locale], timeZone, options).format(at);
  return withOffset ? `${text} ${gmtLabel(gmtOffsetMinutes(at, timeZone))}` : text;
}

/** Day, short month, year, 24-hour time and GMT offset in that time zone: `31 Oct 2025, 15:00 GMT+1`. */
export function formatDateTime(value: Instant, locale: Locale, timeZone: string): string {
  return format(value, locale, timeZone, DATE_TIME_FORMAT, true);
}

/** Day, short month and year in that time zone: `31 Oct 2025`. */
export function formatDate(value: Instant, locale: Locale, timeZone: string): string {
  return format(value, locale, timeZone, DATE_FORMAT, false);
}

/** 24-hour time and GMT offset in that time zone: `15:00 GMT+1`. */
export function formatTime(value: Instant, locale: Locale, timeZone: string): string {
  return format(value, locale, timeZone, TIME_FORMAT, true);
}

/**
 * The one way the hub shows a length of time (countdowns, time in queue, attack and war times).
 *
 * Spec 1: "Time units are shown as d, h, m, s" — the same letters in every language, so nothing here
 * depends on the locale. Rules:
 * - the largest unit that is not zero, then the next smaller one: `2d 3h`, `3h 04m`, `4m 05s`, `15s`;
 * - the second unit is left out when it is zero (`2d`, `1h`, `5m`);
 * - minutes and seconds after a larger unit get two digits, like a clock (`4m 05s`); hours after days
 *   do not (`2d 3h`);
 * - whole seconds, rounded down; a negative, NaN or infinite length shows as `0s`.
 */
const DURATION_UNITS = [
  { letter: 'd', ms: 86_400_000, pad: false },
  { letter: 'h', ms: 3_600_000, pad: false },
  { letter: 'm', ms: 60_000, pad: true },
  { letter: 's', ms: 1_000, pad: true },
] as const;

export function formatDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) * 1000 : 0;
  const first = DURATION_UNITS.findIndex((unit) => total >= unit.ms);
  if (first === -1) return '0s';
  const major = DURATION_UNITS[first]!;
  const majorAmount = Math.floor(total / major.ms);
  const minor = DURATION_UNITS[first + 1];
  if (!minor) return `${majorAmount}${major.letter}`;
  const minorAmount = Math.floor((total % major.ms) / minor.ms);
  if (minorAmount === 0) return `${majorAmount}${major.letter}`;
  const minorText = minor.pad ? String(minorAmount).padStart(2, '0') : String(minorAmount);
  return `${majorAmount}${major.letter} ${minorText}${minor.letter}`;
}

/** Whole minutes (a war setting, minutes left in a war) as a duration in ms: `45m`, `1h 30m`. */
export const minutes = (count: number): number => count * 60_000;

/** Whole seconds (an attack's length, a retry delay) as a duration in ms: `2m 45s`. */
export const seconds = (count: number): number => count * 1_000;
