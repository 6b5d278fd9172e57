/**
 * The hub's own join → found histogram (`cwh_matchmaking_join_to_found_seconds` on GET /metrics of
 * every instance): from a join request reaching the hub to its match_up_found notices sent, for the
 * joins newcomer matching paired at once. Unlike the bots' figures it holds no client time (the
 * bots' event loop, the socket delivery). An instance killed by chaos loses what it had counted.
 */
export const JOIN_TO_FOUND_METRIC = 'cwh_matchmaking_join_to_found_seconds';

/** Cumulative buckets (upper bound in seconds → count of observations at or under it), +Inf last. */
export interface Histogram {
  buckets: { le: number; count: number }[];
  count: number;
  sumSeconds: number;
}

const emptyHistogram = (): Histogram => ({ buckets: [], count: 0, sumSeconds: 0 });

/** The histogram of one metric in a Prometheus text exposition (no labels other than `le`). */
export function parseHistogram(text: string, name: string): Histogram {
  const histogram = emptyHistogram();
  for (const line of text.split('\n')) {
    const bucket = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\S+)$`).exec(line);
    if (bucket) {
      histogram.buckets.push({
        le: bucket[1] === '+Inf' ? Infinity : Number(bucket[1]),
        count: Number(bucket[2]),
      });
      continue;
    }
    const total = new RegExp(`^${name}_(count|sum) (\\S+)$`).exec(line);
    if (total?.[1] === 'count') histogram.count = Number(total[2]);
    else if (total) histogram.sumSeconds = Number(total[2]);
  }
  histogram.buckets.sort((a, b) => a.le - b.le);
  return histogram;
}

/** Several instances' histograms of the same buckets, added up. */
export function mergeHistograms(histograms: readonly Histogram[]): Histogram {
  const merged = emptyHistogram();
  const byLe = new Map<number, number>();
  for (const h of histograms) {
    merged.count += h.count;
    merged.sumSeconds += h.sumSeconds;
    for (const b of h.buckets) byLe.set(b.le, (byLe.get(b.le) ?? 0) + b.count);
  }
  merged.buckets = [...byLe].map(([le, count]) => ({ le, count })).sort((a, b) => a.le - b.le);
  return merged;
}

/**
 * The q-quantile in milliseconds, interpolated inside its bucket as Prometheus' histogram_quantile
 * does; null without observations. Past the last finite bound it answers that bound (a floor).
 */
export function histogramQuantileMs(histogram: Histogram, q: number): number | null {
  if (histogram.count === 0) return null;
  const rank = q * histogram.count;
  let lower = 0;
  let below = 0;
  for (const { le, count } of histogram.buckets) {
    if (count >= rank) {
      if (le === Infinity) return Math.round(lower * 1000 * 10) / 10;
      const share = count === below ? 0 : (rank - below) / (count - below);
      return Math.round((lower + (le - lower) * share) * 1000 * 10) / 10;
    }
    lower = le;
    below = count;
  }
  return Math.round(lower * 1000 * 10) / 10;
}

/** Share of the observations at or under `ms` (a bucket bound), or null without observations. */
export function shareAtMost(histogram: Histogram, ms: number): number | null {
  if (histogram.count === 0) return null;
  const bucket = histogram.buckets.find((b) => Math.abs(b.le * 1000 - ms) < 1e-9);
  return bucket ? bucket.count / histogram.count : null;
}
