import { describe, expect, it } from 'vitest';
import { localToIso, moveSeed, placeSeed } from './seed-order';

describe('seed order', () => {
  const list = ['a', 'b', 'c', 'd'];

  it.each([
    ['moves an item up', 2, -1, ['a', 'c', 'b', 'd']],
    ['moves an item down', 0, 1, ['b', 'a', 'c', 'd']],
    ['keeps the first where it is when moved up', 0, -1, list],
    ['keeps the last where it is when moved down', 3, 1, list],
  ] as const)('%s', (_why, index, step, expected) => {
    expect(moveSeed(list, index, step)).toEqual(expected);
  });

  it.each([
    ['puts the last at seed 1, the others shift down', 3, '1', ['d', 'a', 'b', 'c']],
    ['puts the first at seed 3', 0, '3', ['b', 'c', 'a', 'd']],
    ['sends a seed past the end last', 1, '99', ['a', 'c', 'd', 'b']],
    ['accepts spaces around the number', 2, ' 2 ', ['a', 'c', 'b', 'd']],
  ] as const)('%s', (_why, index, seed, expected) => {
    expect(placeSeed(list, index, seed)).toEqual(expected);
  });

  it.each(['0', '-1', '1.5', 'two', ''])('refuses the seed "%s"', (seed) => {
    expect(placeSeed(list, 0, seed)).toBeNull();
  });

  it('never changes the list it is given', () => {
    const frozen = Object.freeze([...list]);
    moveSeed(frozen, 1, 1);
    placeSeed(frozen, 0, '4');
    expect(frozen).toEqual(list);
  });

  it('turns the datetime-local value into ISO without milliseconds, empty into undefined', () => {
    expect(localToIso('')).toBeUndefined();
    expect(localToIso('not a date')).toBeUndefined();
    // GMT, as the field's label says, whatever the browser's time zone.
    expect(localToIso('2026-04-01T10:00')).toBe('2026-04-01T10:00:00Z');
  });
});
