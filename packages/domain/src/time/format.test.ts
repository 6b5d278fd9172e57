import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatTime } from './format.js';

const WAR_START = '2025-10-31T14:00:00Z';

describe('formatDateTime', () => {
  it.each([
    ['en', 'UTC', '31 Oct 2025, 14:00 GMT'],
    ['en', 'Europe/Paris', '31 Oct 2025, 15:00 GMT+1'],
    ['en', 'Asia/Kolkata', '31 Oct 2025, 19:30 GMT+5:30'],
    ['de', 'UTC', '31. Okt. 2025, 14:00 GMT'],
    ['de', 'Europe/Berlin', '31. Okt. 2025, 15:00 GMT+1'],
    ['jp', 'UTC', '2025年10月31日 14:00 GMT'],
    ['jp', 'Asia/Tokyo', '2025年10月31日 23:00 GMT+9'],
    ['fr', 'UTC', '31 oct. 2025, 14:00 UTC'],
    ['zh_TW', 'UTC', '2025年10月31日 14:00 [GMT]'],
  ] as const)('%s %s → %s', (locale, timeZone, expected) => {
    expect(formatDateTime(WAR_START, locale, timeZone)).toBe(expected);
  });

  it('defaults to UTC and accepts Date and epoch ms', () => {
    expect(formatDateTime(new Date(WAR_START), 'en')).toBe('31 Oct 2025, 14:00 GMT');
    expect(formatDateTime(Date.parse(WAR_START), 'en')).toBe('31 Oct 2025, 14:00 GMT');
  });

  it('returns an empty string for an unparseable date', () => {
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe('formatDate / formatTime', () => {
  it.each([
    ['en', '31 Oct 2025', '14:00 GMT'],
    ['de', '31. Okt. 2025', '14:00 GMT'],
    ['jp', '2025年10月31日', '14:00 GMT'],
  ] as const)('%s', (locale, date, time) => {
    expect(formatDate(WAR_START, locale)).toBe(date);
    expect(formatTime(WAR_START, locale)).toBe(time);
  });
});

describe('formatDuration', () => {
  const d = 86_400_000;
  const h = 3_600_000;
  const m = 60_000;
  const s = 1_000;
  it.each([
    ['en', d + 2 * h + 3 * m + 4 * s, '1d 2h 3m 4s'],
    ['en', 2 * h + 5 * s, '2h 0m 5s'],
    ['en', 15 * s, '15s'],
    ['en', 999, '0s'],
    ['en', -5 * s, '0s'],
    ['de', d + 2 * h + 3 * m + 4 * s, '1 T 2h 3 Min. 4 Sek.'],
    ['jp', d + 2 * h + 3 * m + 4 * s, '1d 2h 3m 4s'],
    ['fr', 3 * m + 4 * s, '3min 4s'],
  ] as const)('%s %d → %s', (locale, ms, expected) => {
    expect(formatDuration(ms, locale)).toBe(expected);
  });
});
