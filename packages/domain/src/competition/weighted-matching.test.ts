import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching, type WeightedEdge } from './weighted-matching.js';

/** Best (cardinality, weight) over every matching, by exhaustive search: the oracle. */
function bruteForce(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean) {
  let best = { size: 0, weight: 0 };
  const used = new Array<boolean>(n).fill(false);
  const walk = (from: number, size: number, weight: number) => {
    const better = maxCardinality
      ? size > best.size || (size === best.size && weight > best.weight)
      : weight > best.weight;
    if (better) best = { size, weight };
    for (let k = from; k < edges.length; k++) {
      const [a, b, w] = edges[k]!;
      if (used[a] || used[b]) continue;
      used[a] = used[b] = true;
      walk(k + 1, size + 1, weight + w);
      used[a] = used[b] = false;
    }
  };
  walk(0, 0, 0);
  return best;
}

function scoreOf(mate: Int32Array, edges: readonly WeightedEdge[]) {
  let size = 0;
  let weight = 0;
  for (const [a, b, w] of edges) {
    if (mate[a] === b && mate[b] === a) {
      size++;
      weight += w;
    }
  }
  return { size, weight };
}

const graphs = fc
  .integer({ min: 1, max: 9 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.uniqueArray(
        fc.tuple(
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: -5, max: 30 }),
        ),
        { selector: ([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`), maxLength: 24 },
      ),
    ),
  );

describe('maxWeightMatching', () => {
  it('matches nothing in an empty graph', () => {
    expect([...maxWeightMatching(3, [])]).toEqual([-1, -1, -1]);
  });

  it('prefers the heavier pair of a path, or the bigger matching in max-cardinality mode', () => {
    const path: WeightedEdge[] = [
      [0, 1, 5],
      [1, 2, 11],
      [2, 3, 5],
    ];
    expect([...maxWeightMatching(4, path)]).toEqual([-1, 2, 1, -1]);
    expect([...maxWeightMatching(4, path, true)]).toEqual([1, 0, 3, 2]);
  });

  it('handles a blossom (odd cycle) that must be expanded', () => {
    // Van Rantwijk's test 'create S-blossom, relabel as T, expand'.
    const edges: WeightedEdge[] = [
      [1, 2, 23],
      [1, 5, 22],
      [1, 6, 15],
      [2, 3, 25],
      [3, 4, 22],
      [4, 5, 25],
      [4, 8, 14],
      [5, 7, 13],
    ];
    expect([...maxWeightMatching(9, edges)]).toEqual([-1, 6, 3, 2, 8, 7, 1, 5, 4]);
  });

  it('finds the optimum of random graphs (brute force oracle), with and without max cardinality', () => {
    fc.assert(
      fc.property(graphs, fc.boolean(), ([n, raw], maxCardinality) => {
        const edges = raw.filter(([a, b]) => a !== b);
        const mate = maxWeightMatching(n, edges, maxCardinality);
        for (let v = 0; v < n; v++) if (mate[v]! >= 0) expect(mate[mate[v]!]).toBe(v);
        const got = scoreOf(mate, edges);
        const best = bruteForce(n, edges, maxCardinality);
        // Zero-weight edges make the size ambiguous when only the weight is maximised.
        expect(maxCardinality ? got : got.weight).toEqual(maxCardinality ? best : best.weight);
      }),
      { numRuns: 1500 },
    );
  });
});
