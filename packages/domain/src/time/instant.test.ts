import { describe, expect, it } from 'vitest';
import { pickByTime, rangeContains, rangeStatus, toMillis } from './instant.js';

const range = { from: '2025-01-01T00:00:00Z', to: '2025-01-31T23:59:59Z' };

describe('toMillis', () => {
  it.each([
    [0, 0],
    ['1970-01-01T00:00:01Z', 1000],
    [new Date(5), 5],
  ])('%s → %s', (value, expected) => expect(toMillis(value)).toBe(expected));
});

describe('rangeContains / rangeStatus', () => {
  it.each([
    ['2024-12-31T23:59:59Z', false, 'before'],
    ['2025-01-01T00:00:00Z', true, 'open'],
    ['2025-01-15T00:00:00Z', true, 'open'],
    ['2025-01-31T23:59:59Z', true, 'open'],
    ['2025-02-01T00:00:00Z', false, 'after'],
  ] as const)('%s', (now, contains, status) => {
    expect(rangeContains(range, now)).toBe(contains);
    expect(rangeStatus(range, now)).toBe(status);
  });
});

describe('pickByTime', () => {
  const items = [
    { id: 'mar', date: { from: '2025-03-01T00:00:00Z', to: '2025-03-31T00:00:00Z' } },
    { id: 'jan', date: { from: '2025-01-01T00:00:00Z', to: '2025-01-31T00:00:00Z' } },
    { id: 'feb', date: { from: '2025-02-01T00:00:00Z', to: '2025-02-28T00:00:00Z' } },
  ];
  it.each([
    ['2025-02-10T00:00:00Z', 'feb'],
    ['2024-06-01T00:00:00Z', 'jan'],
    ['2025-01-31T12:00:00Z', 'feb'],
    ['2026-01-01T00:00:00Z', 'mar'],
  ])('now %s → %s', (now, expected) => expect(pickByTime(items, now)?.id).toBe(expected));
  it('empty → undefined', () => expect(pickByTime([], 0)).toBeUndefined());
});
