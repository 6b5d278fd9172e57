import { describe, expect, it } from 'vitest';
import { barWidths, linePoints, niceMax } from './chart-geometry';

describe('chart geometry', () => {
  it.each([
    [[0], 1],
    [[3], 5],
    [[7, 12], 20],
    [[24], 25],
    [[90], 100],
  ])('a round top for %j is %i', (values, top) => {
    expect(niceMax(values)).toBe(top);
  });

  it('spreads points over the width and puts the value on the y axis (0 at the bottom)', () => {
    const box = { width: 100, height: 60, padding: 10 };
    const points = linePoints(
      [
        { key: 'a', label: 'a', value: 0 },
        { key: 'b', label: 'b', value: 5 },
        { key: 'c', label: 'c', value: 10 },
      ],
      box,
    );
    expect(points).toEqual([
      { x: 10, y: 50 },
      { x: 50, y: 30 },
      { x: 90, y: 10 },
    ]);
  });

  it('draws one point in the middle', () => {
    expect(
      linePoints([{ key: 'a', label: 'a', value: 3 }], { width: 100, height: 60, padding: 10 })[0]!.x,
    ).toBe(50);
  });

  it('bars are proportional to the largest value; all zero draws no bar', () => {
    expect(
      barWidths(
        [
          { key: 'a', label: 'a', value: 2 },
          { key: 'b', label: 'b', value: 4 },
        ],
        200,
      ),
    ).toEqual([100, 200]);
    expect(barWidths([{ key: 'a', label: 'a', value: 0 }], 200)).toEqual([0]);
  });
});
