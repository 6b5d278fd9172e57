import { describe, expect, it } from 'vitest';
import { isoWithoutMs, shiftInstant, shiftRange } from './date-shift.js';

describe('shiftInstant', () => {
  it.each([
    // why: the plain case, one month later keeps day and time
    ['2026-03-15T14:00:00Z', { months: 1, days: 0 }, '2026-04-15T14:00:00Z'],
    // why: month ends clamp instead of spilling into the next month
    ['2026-01-31T10:00:00Z', { months: 1, days: 0 }, '2026-02-28T10:00:00Z'],
    ['2028-01-31T10:00:00Z', { months: 1, days: 0 }, '2028-02-29T10:00:00Z'],
    // why: crossing the year boundary both ways
    ['2026-12-10T00:00:00Z', { months: 1, days: 0 }, '2027-01-10T00:00:00Z'],
    ['2026-01-10T00:00:00Z', { months: -1, days: 0 }, '2025-12-10T00:00:00Z'],
    // why: a twelve-month clone is next year's season on the same date
    ['2025-10-31T14:00:00Z', { months: 12, days: 0 }, '2026-10-31T14:00:00Z'],
    // why: days apply after months
    ['2026-01-31T10:00:00Z', { months: 1, days: 1 }, '2026-03-01T10:00:00Z'],
    ['2026-03-15T14:00:00Z', { months: 0, days: -14 }, '2026-03-01T14:00:00Z'],
  ])('%s shifted by %o is %s', (from, offset, expected) => {
    expect(isoWithoutMs(shiftInstant(new Date(from), offset))).toBe(expected);
  });

  it('keeps the order of two instants across every day of a leap year (a range never turns inside out)', () => {
    for (let day = 0; day < 366; day++) {
      const start = new Date(Date.UTC(2028, 0, 1 + day, 14));
      const end = new Date(start.getTime() + 86_400_000);
      for (const offset of [
        { months: 1, days: 0 },
        { months: -13, days: 3 },
        { months: 11, days: -2 },
      ]) {
        expect(shiftInstant(end, offset).getTime()).toBeGreaterThanOrEqual(
          shiftInstant(start, offset).getTime(),
        );
      }
    }
  });
});

describe('shiftRange', () => {
  it('shifts both ends, keeps other fields and drops milliseconds', () => {
    const phase = { name: 'Registration', from: '2026-03-01T00:00:00.000Z', to: '2026-03-10T23:59:59Z' };
    expect(shiftRange(phase, { months: 1, days: 0 })).toEqual({
      name: 'Registration',
      from: '2026-04-01T00:00:00Z',
      to: '2026-04-10T23:59:59Z',
    });
  });
});
