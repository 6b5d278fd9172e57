import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WRAPPER_EVENT } from '../constants.js';
import { createDoubleElimination } from './double-elimination.js';
import {
  scheduleBracketDays,
  WORLD_FINALS_DAY_OFFSETS_MS,
  worldFinalsMatchDates,
  worldFinalsSchedule,
} from './finals-schedule.js';

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

describe('worldFinalsMatchDates', () => {
  it('puts the 2025 World Finals days at 14:00, 14:00 and 15:00 (spec 3), one match an hour', () => {
    const dated = worldFinalsMatchDates(bracket8, new Date(WRAPPER_EVENT.dayStarts[0]), 60);
    const firstOfDay = (day: number) => dated.find((m) => m.day === day && m.order === 1)!.date.toISOString();
    expect([1, 2, 3].map(firstOfDay)).toEqual(WRAPPER_EVENT.dayStarts.map((d) => new Date(d).toISOString()));
    expect(firstOfDay(3)).toBe('2025-11-02T15:00:00.000Z');
    expect(dated.map((m) => [m.number, m.date.toISOString()])).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => [n, `2025-10-31T${13 + n}:00:00.000Z`]),
      ...[7, 8, 9, 10, 11, 12].map((n) => [n, `2025-11-01T${n + 7}:00:00.000Z`]),
      [13, '2025-11-02T15:00:00.000Z'],
      [14, '2025-11-02T16:00:00.000Z'],
      [15, '2025-11-02T17:00:00.000Z'],
    ]);
  });

  it('keeps the days apart from any day 1 start and spacing', () => {
    expect(WORLD_FINALS_DAY_OFFSETS_MS).toEqual([0, 24 * 3_600_000, 49 * 3_600_000]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 120 }),
        (start, spacing) => {
          const dated = worldFinalsMatchDates(bracket8, new Date(start), spacing);
          for (const m of dated) {
            expect(m.date.getTime() - start).toBe(
              WORLD_FINALS_DAY_OFFSETS_MS[m.day - 1]! + (m.order - 1) * spacing * 60_000,
            );
          }
        },
      ),
    );
  });
});
