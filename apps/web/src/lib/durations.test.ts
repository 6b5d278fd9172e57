import { describe, expect, it } from 'vitest';
import { formatDuration, minutes, seconds } from './durations';

const s = 1_000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('formatDuration (spec 1: units d, h, m, s)', () => {
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
