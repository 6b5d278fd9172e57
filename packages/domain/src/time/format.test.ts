import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, LOCALES } from '../locales.js';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatTime,
  gmtLabel,
  gmtOffsetMinutes,
  minutes,
  seconds,
} from './format.js';

const WAR_START = '2025-10-31T14:00:00Z';

describe('formatDateTime: day, short month, year, 24-hour time, GMT offset (spec 1)', () => {
  it.each([
    ['en', 'UTC', '31 Oct 2025, 14:00 GMT'],
    ['fr', 'UTC', '31 oct. 2025, 14:00 GMT'],
    ['it', 'UTC', '31 ott 2025, 14:00 GMT'],
    ['de', 'UTC', '31. Okt. 2025, 14:00 GMT'],
    ['es', 'UTC', '31 oct 2025, 14:00 GMT'],
    ['pt', 'UTC', '31 de out. de 2025, 14:00 GMT'],
    ['jp', 'UTC', '2025年10月31日 14:00 GMT'],
    ['ko', 'UTC', '2025년 10월 31일 14:00 GMT'],
    ['zh_TW', 'UTC', '2025年10月31日 14:00 GMT'],
  ] as const)('%s in %s → %s', (locale, timeZone, expected) => {
    expect(formatDateTime(WAR_START, locale, timeZone)).toBe(expected);
  });

  it.each([
    ['en', 'Europe/Paris', '31 Oct 2025, 15:00 GMT+1'],
    ['fr', 'Europe/Paris', '31 oct. 2025, 15:00 GMT+1'],
    ['it', 'Europe/Rome', '31 ott 2025, 15:00 GMT+1'],
    ['de', 'Europe/Berlin', '31. Okt. 2025, 15:00 GMT+1'],
    ['es', 'America/New_York', '31 oct 2025, 10:00 GMT-4'],
    ['pt', 'America/Sao_Paulo', '31 de out. de 2025, 11:00 GMT-3'],
    ['jp', 'Asia/Tokyo', '2025年10月31日 23:00 GMT+9'],
    ['ko', 'Asia/Seoul', '2025년 10월 31일 23:00 GMT+9'],
    ['zh_TW', 'Asia/Taipei', '2025年10月31日 22:00 GMT+8'],
    ['en', 'Asia/Kolkata', '31 Oct 2025, 19:30 GMT+5:30'],
    ['fr', 'America/St_Johns', '31 oct. 2025, 11:30 GMT-2:30'],
    ['en', 'Australia/Adelaide', '1 Nov 2025, 00:30 GMT+10:30'],
  ] as const)('%s in %s → %s', (locale, timeZone, expected) => {
    expect(formatDateTime(WAR_START, locale, timeZone)).toBe(expected);
  });

  it('follows summer time', () => {
    expect(formatDateTime('2025-07-01T09:05:00Z', 'de', 'Europe/Berlin')).toBe('1. Juli 2025, 11:05 GMT+2');
    expect(formatDateTime('2025-07-01T09:05:00Z', 'en', 'Europe/London')).toBe('1 Jul 2025, 10:05 GMT+1');
    expect(formatDateTime('2025-01-01T09:05:00Z', 'en', 'Europe/London')).toBe('1 Jan 2025, 09:05 GMT');
  });

  it('never writes UTC, in any locale or zone', () => {
    const zones = ['UTC', 'Etc/UTC', 'Etc/GMT', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata'];
    for (const locale of LOCALES) {
      for (const timeZone of zones) {
        const text = formatDateTime(WAR_START, locale, timeZone);
        expect(text).not.toMatch(/UTC|\[|\]|\u2212/);
        expect(text).toMatch(/ GMT([+-]\d{1,2}(:\d{2})?)?$/);
      }
    }
  });

  it('accepts a Date and epoch ms as well as an ISO string', () => {
    expect(formatDateTime(new Date(WAR_START), 'en', 'UTC')).toBe('31 Oct 2025, 14:00 GMT');
    expect(formatDateTime(Date.parse(WAR_START), 'en', 'UTC')).toBe('31 Oct 2025, 14:00 GMT');
  });

  it('returns an empty string for an unparseable date', () => {
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('');
    expect(formatDate('not a date', 'en', 'UTC')).toBe('');
    expect(formatTime('not a date', 'en', 'UTC')).toBe('');
  });
});

describe('formatDate / formatTime', () => {
  it.each([
    ['en', '31 Oct 2025', '14:00 GMT'],
    ['fr', '31 oct. 2025', '14:00 GMT'],
    ['it', '31 ott 2025', '14:00 GMT'],
    ['de', '31. Okt. 2025', '14:00 GMT'],
    ['es', '31 oct 2025', '14:00 GMT'],
    ['pt', '31 de out. de 2025', '14:00 GMT'],
    ['jp', '2025年10月31日', '14:00 GMT'],
    ['ko', '2025년 10월 31일', '14:00 GMT'],
    ['zh_TW', '2025年10月31日', '14:00 GMT'],
  ] as const)('%s → %s (date without time or offset), %s', (locale, date, time) => {
    expect(formatDate(WAR_START, locale, 'UTC')).toBe(date);
    expect(formatTime(WAR_START, locale, 'UTC')).toBe(time);
  });

  it('takes the day and the offset from the time zone', () => {
    expect(formatDate(WAR_START, 'en', 'Australia/Adelaide')).toBe('1 Nov 2025');
    expect(formatTime(WAR_START, 'en', 'Asia/Kolkata')).toBe('19:30 GMT+5:30');
    expect(formatTime(WAR_START, 'es', 'America/New_York')).toBe('10:00 GMT-4');
  });

  it('writes Portuguese as Brazilian Portuguese', () => {
    expect(INTL_LOCALE.pt).toBe('pt-BR');
  });
});

describe('GMT offset', () => {
  it('is worked out from the zone at that instant', () => {
    expect(gmtOffsetMinutes(Date.parse(WAR_START), 'UTC')).toBe(0);
    expect(gmtOffsetMinutes(Date.parse(WAR_START), 'Asia/Kolkata')).toBe(330);
    expect(gmtOffsetMinutes(Date.parse(WAR_START), 'America/New_York')).toBe(-240);
    expect(gmtOffsetMinutes(Date.parse('2025-12-01T00:00:00Z'), 'America/New_York')).toBe(-300);
  });

  it('is written GMT, GMT+h or GMT+h:mm', () => {
    expect(gmtLabel(0)).toBe('GMT');
    expect(gmtLabel(60)).toBe('GMT+1');
    expect(gmtLabel(-240)).toBe('GMT-4');
    expect(gmtLabel(330)).toBe('GMT+5:30');
    expect(gmtLabel(-570)).toBe('GMT-9:30');
    expect(gmtLabel(345)).toBe('GMT+5:45');
  });
});

describe('formatDuration (spec 1: units d, h, m, s)', () => {
  const s = 1_000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;

  it.each([
    [2 * d + 3 * h + 4 * m + 5 * s, '2d 3h'],
    [2 * d + 13 * h, '2d 13h'],
    [3 * h + 4 * m + 59 * s, '3h 04m'],
    [23 * h + 59 * m, '23h 59m'],
    [4 * m + 5 * s, '4m 05s'],
    [12 * m + 30 * s, '12m 30s'],
    [15 * s, '15s'],
    [59 * s + 999, '59s'],
  ])('%d ms → %s (largest unit and the next one)', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it.each([
    [2 * d, '2d'],
    [2 * d + 30 * m, '2d'],
    [h, '1h'],
    [5 * m, '5m'],
    [5 * m + 999, '5m'],
  ])('%d ms → %s (a zero second unit is left out)', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it.each([
    [0, '0s'],
    [999, '0s'],
    [-5 * s, '0s'],
    [Number.NaN, '0s'],
    [Number.POSITIVE_INFINITY, '0s'],
  ])('%d ms → %s (nothing left, or not a length)', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it('counts whole minutes and seconds given in those units', () => {
    expect(formatDuration(minutes(45))).toBe('45m');
    expect(formatDuration(minutes(90))).toBe('1h 30m');
    expect(formatDuration(seconds(165))).toBe('2m 45s');
  });
});
