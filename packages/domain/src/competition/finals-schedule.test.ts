import { describe, expect, it } from 'vitest';
import { createDoubleElimination } from './double-elimination.js';
import { scheduleBracketDays, worldFinalsSchedule } from './finals-schedule.js';

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));
const bracket8 = createDoubleElimination(field(8));

describe('scheduleBracketDays', () => {
  it('numbers the matches 1…k inside each day', () => {
    const schedule = worldFinalsSchedule(bracket8);
    expect(schedule.map((s) => [s.number, s.day, s.order])).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, 1, 3],
      [4, 1, 4],
      [5, 1, 5],
      [6, 1, 6],
      [7, 2, 1],
      [8, 2, 2],
      [9, 2, 3],
      [10, 2, 4],
      [11, 2, 5],
      [12, 2, 6],
      [13, 3, 1],
      [14, 3, 2],
      [15, 3, 3],
    ]);
  });

  it('follows the ranges it is given', () => {
    const schedule = scheduleBracketDays(bracket8, [
      { day: 1, first: 1, last: 10 },
      { day: 2, first: 11, last: 15 },
    ]);
    expect(schedule.find((s) => s.number === 10)).toMatchObject({ day: 1, order: 10 });
    expect(schedule.find((s) => s.number === 11)).toMatchObject({ day: 2, order: 1 });
  });

  it('refuses ranges that leave a match without a day', () => {
    expect(() =>
      scheduleBracketDays(bracket8, [
        { day: 1, first: 1, last: 6 },
        { day: 2, first: 8, last: 15 },
      ]),
    ).toThrowError(
      expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT', message: 'match 7 has no day' }),
    );
  });
});

describe('worldFinalsSchedule', () => {
  it.each([
    { why: 'a 6-team bracket', bracket: createDoubleElimination(field(6)) },
    {
      why: 'an 8-team bracket with a match missing',
      bracket: { ...bracket8, nodes: bracket8.nodes.slice(0, 14) },
    },
  ])('refuses $why', ({ bracket }) => {
    expect(() => worldFinalsSchedule(bracket)).toThrowError(
      expect.objectContaining({
        code: 'BRACKET_SIZE_UNSUPPORTED',
        message: 'the world finals are an 8-team bracket',
      }),
    );
  });
});
