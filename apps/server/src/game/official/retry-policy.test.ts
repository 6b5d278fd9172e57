import { describe, expect, it } from 'vitest';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './retry-policy.js';

describe('backoffDelay', () => {
  const options = { baseMs: 100, maxMs: 1000 };

  it('doubles the window per attempt, jitter within the upper half', () => {
    expect(backoffDelay(0, options, () => 0)).toBe(50);
    expect(backoffDelay(0, options, () => 0.999999)).toBe(100);
    expect(backoffDelay(2, options, () => 0)).toBe(200);
    expect(backoffDelay(2, options, () => 0.999999)).toBe(400);
  });

  it('caps the window', () => {
    expect(backoffDelay(10, options, () => 0.999999)).toBe(1000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-10-31T14:00:00Z');

  it.each([
    [null, null],
    ['2', 2000],
    [' 0 ', 0],
    ['Fri, 31 Oct 2025 14:00:03 GMT', 3000],
    ['Fri, 31 Oct 2025 13:00:00 GMT', 0],
    ['soon', null],
  ])('%j -> %j', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('isRetryableStatus', () => {
  it.each([
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [403, false],
    [404, false],
  ])('%i -> %j', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});
