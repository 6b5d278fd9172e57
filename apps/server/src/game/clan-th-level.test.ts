import { describe, expect, it } from 'vitest';
import { clanThLevel } from './clan-th-level.js';

const th = (...levels: number[]) => levels.map((townHallLevel) => ({ townHallLevel }));

describe('clanThLevel', () => {
  it.each([
    ['empty clan', th(), 0],
    ['single member', th(12), 12],
    ['most common wins over a higher outlier', th(15, 15, 15, 17), 15],
    ['most common wins over a lower outlier', th(17, 17, 17, 17, 16), 17],
    ['tie goes to the higher level', th(12, 12, 15, 15), 15],
    ['tie regardless of order', th(15, 12, 15, 12), 15],
  ])('%s', (_name, members, expected) => {
    expect(clanThLevel(members)).toBe(expected);
  });
});
