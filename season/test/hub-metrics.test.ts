import { describe, expect, it } from 'vitest';
import {
  histogramQuantileMs,
  JOIN_TO_FOUND_METRIC,
  mergeHistograms,
  parseHistogram,
  shareAtMost,
} from '../src/hub-metrics.js';

const exposition = (counts: [string, number][], sum: number) =>
  [
    `# HELP ${JOIN_TO_FOUND_METRIC} help`,
    `# TYPE ${JOIN_TO_FOUND_METRIC} histogram`,
    ...counts.map(([le, n]) => `${JOIN_TO_FOUND_METRIC}_bucket{le="${le}"} ${n}`),
    `${JOIN_TO_FOUND_METRIC}_sum ${sum}`,
    `${JOIN_TO_FOUND_METRIC}_count ${counts.at(-1)![1]}`,
    'cwh_other_metric_bucket{le="0.1"} 99',
  ].join('\n');

describe("the hub's join → found histogram", () => {
  const one = parseHistogram(
    exposition(
      [
        ['0.01', 2],
        ['0.05', 6],
        ['0.1', 9],
        ['+Inf', 10],
      ],
      0.6,
    ),
    JOIN_TO_FOUND_METRIC,
  );

  it('reads its buckets, count and sum and nothing of other metrics', () => {
    expect(one).toEqual({
      buckets: [
        { le: 0.01, count: 2 },
        { le: 0.05, count: 6 },
        { le: 0.1, count: 9 },
        { le: Infinity, count: 10 },
      ],
      count: 10,
      sumSeconds: 0.6,
    });
  });

  it('interpolates a quantile inside its bucket, and answers the last bound past it', () => {
    // rank 5 of 10: 3 of the 4 observations between 10 and 50 ms.
    expect(histogramQuantileMs(one, 0.5)).toBe(40);
    // rank 9: exactly the 100 ms bound.
    expect(histogramQuantileMs(one, 0.9)).toBe(100);
    // rank 9.9 falls in +Inf: the floor is the last finite bound.
    expect(histogramQuantileMs(one, 0.99)).toBe(100);
    expect(shareAtMost(one, 100)).toBe(0.9);
  });

  it('adds instances up bucket by bucket; no observation gives no quantile', () => {
    const merged = mergeHistograms([one, one]);
    expect(merged.count).toBe(20);
    expect(merged.buckets.map((b) => b.count)).toEqual([4, 12, 18, 20]);
    expect(histogramQuantileMs(merged, 0.5)).toBe(40);
    const none = parseHistogram('', JOIN_TO_FOUND_METRIC);
    expect(histogramQuantileMs(none, 0.99)).toBeNull();
    expect(shareAtMost(none, 100)).toBeNull();
  });
});
