import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canPair,
  type MatchmakingOptions,
  pairQueue,
  pairQueueWithNextPairing,
  pointsBand,
  type QueueEntry,
  type QueuePair,
} from './matchmaking.js';
import { asTuples, entry, NOW, SECOND } from './matchmaking-fixtures.js';

/** nextPairingAt relative to NOW (null stays null). */
const after = (next: number | null) => (next === null ? null : next - NOW);

/** Pairs of the unpaired remainder at `at` (what a matchmaker would find when it looks again). */
function remainderPairsAt(queue: QueueEntry[], pairs: QueuePair[], at: number, options: MatchmakingOptions) {
  const paired = new Set(pairs.flatMap((p) => [p.homeRosterId, p.awayRosterId]));
  return pairQueue(
    queue.filter((e) => !paired.has(e.rosterId)),
    at,
    options,
  ).length;
}

describe('pairQueueWithNextPairing: band steps at the edge of float rounding', () => {
  // 3 × 0.1 = 0.30000000000000004, and 0.30000000000000004 / 0.1 = 3.0000000000000004: the rounded
  // division asks for a 4th step although the band after 3 steps already equals the gap.
  const tenths: MatchmakingOptions = { baseBand: 0, bandStepPoints: 0.1, bandStepMs: SECOND };
  // 0.9 / 0.3 = 3, but 3 × 0.3 = 0.8999999999999999 < 0.9: a 4th step is needed.
  const thirds: MatchmakingOptions = { baseBand: 0, bandStepPoints: 0.3, bandStepMs: SECOND };

  it.each<[string, number, MatchmakingOptions, number]>([
    ['the division overshoots (gap 3 × 0.1): 3 steps, not 4', 3 * 0.1, tenths, 3_000],
    ['the division overshoots (gap 6 × 0.1): 6 steps, not 7', 6 * 0.1, tenths, 6_000],
    ['the division undershoots (gap 0.9, steps of 0.3): 4 steps, not 3', 0.9, thirds, 4_000],
    ['the division undershoots (gap 1.8, steps of 0.3): 7 steps, not 6', 1.8, thirds, 7_000],
  ])('%s', (_, gap, options, next) => {
    const queue = [entry('a', 0), entry('b', gap)];
    const result = pairQueueWithNextPairing(queue, NOW, options);
    expect(result.pairs).toEqual([]);
    expect(after(result.nextPairingAt)).toBe(next);
    // Exactly when the tick would pair them: not a millisecond earlier.
    expect(pointsBand(next, options)).toBeGreaterThanOrEqual(gap);
    expect(pointsBand(next - 1, options)).toBeLessThan(gap);
    expect(pairQueue(queue, NOW + next - 1, options)).toEqual([]);
    expect(asTuples(pairQueue(queue, NOW + next, options))).toEqual([['a', 'b']]);
  });

  it('property: for fractional bands, nextPairingAt is the first millisecond the band covers the gap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 0.1, 0.2, 0.5, 0.7),
        fc.constantFrom(0.1, 0.15, 0.3, 0.7, 1.1),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 9 }),
        (baseBand, bandStepPoints, steps, withBase, waitedSeconds) => {
          const options: MatchmakingOptions = { baseBand, bandStepPoints, bandStepMs: SECOND, maxBand: 100 };
          const gap = withBase ? baseBand + steps * bandStepPoints : steps * bandStepPoints;
          fc.pre(gap > baseBand);
          const queue = [entry('a', 0, waitedSeconds), entry('b', gap)];
          const { pairs, nextPairingAt } = pairQueueWithNextPairing(queue, NOW, options);
          const waitedMs = waitedSeconds * SECOND;
          if (pointsBand(waitedMs, options) >= gap) {
            expect(asTuples(pairs)).toEqual([['a', 'b']]);
            return;
          }
          expect(pairs).toEqual([]);
          const next = (nextPairingAt ?? Number.NaN) - NOW;
          expect(pointsBand(waitedMs + next, options)).toBeGreaterThanOrEqual(gap);
          expect(pointsBand(waitedMs + next - 1, options)).toBeLessThan(gap);
        },
      ),
      { seed: 32, numRuns: 300 },
    );
  });
});

describe('pairQueueWithNextPairing: extreme band settings', () => {
  it('counts trillions of band steps arithmetically, exactly (2^41 steps of 2 points each 1 ms)', () => {
    const options: MatchmakingOptions = {
      baseBand: 2 ** 40,
      bandStepPoints: 2,
      bandStepMs: 1,
      maxBand: 2 ** 53,
    };
    const gap = 2 ** 40 + 2 ** 42;
    const queue = [entry('a', 0), entry('b', gap)];
    const result = pairQueueWithNextPairing(queue, NOW, options);
    expect(result.pairs).toEqual([]);
    expect(after(result.nextPairingAt)).toBe(2 ** 41);
    expect(pointsBand(2 ** 41, options)).toBe(gap);
    expect(pointsBand(2 ** 41 - 1, options)).toBeLessThan(gap);
    expect(asTuples(pairQueue(queue, NOW + 2 ** 41, options))).toEqual([['a', 'b']]);
  });

  it('a band that narrows with waiting (negative step time) never reaches a gap above the base', () => {
    const options: MatchmakingOptions = { bandStepMs: -5 * SECOND };
    const queue = [entry('a', 0, 30), entry('b', 60)];
    const result = pairQueueWithNextPairing(queue, NOW, options);
    expect(result).toEqual({ pairs: [], nextPairingAt: null });
    for (const later of [0, 60_000, 3_600_000]) expect(pairQueue(queue, NOW + later, options)).toEqual([]);
  });
});

describe('pairQueueWithNextPairing: edges of the band and rematch checks', () => {
  it.each<[string, QueueEntry[], MatchmakingOptions, number | null]>([
    [
      'a gap of exactly the base band is inside it: only the short grace holds the rematch back',
      [entry('a', 100, 0, { lastOpponentRosterId: 'b' }), entry('b', 150)],
      { rematchGraceMs: SECOND },
      1_001,
    ],
    [
      'a gap of exactly the widest band (base above it): the pair only waits for the grace',
      [entry('a', 0, 0, { lastOpponentRosterId: 'b' }), entry('b', 40)],
      { baseBand: 100, maxBand: 40, rematchGraceMs: SECOND },
      1_001,
    ],
    [
      'a band that never widens (no step): the pair within the base band still waits for the grace',
      [entry('a', 0, 0, { lastOpponentRosterId: 'b' }), entry('b', 10)],
      { bandStepPoints: 0, rematchGraceMs: 2 * SECOND },
      2_001,
    ],
    [
      'a later bucket that never pairs leaves the earlier bucket’s time',
      [
        entry('a', 100),
        entry('b', 175),
        entry('c', 0, 0, { segmentId: 'zz' }),
        entry('d', 5_000, 0, { segmentId: 'zz' }),
      ],
      {},
      5_000,
    ],
    [
      'an earlier bucket that never pairs does not hide the later bucket’s time',
      [
        entry('a', 0, 0, { segmentId: 'aa' }),
        entry('b', 5_000, 0, { segmentId: 'aa' }),
        entry('c', 100),
        entry('d', 175),
      ],
      {},
      5_000,
    ],
    [
      'of two buckets the earlier time wins, whichever comes first in key order',
      [
        entry('a', 100, 0, { segmentId: 'aa' }),
        entry('b', 200, 0, { segmentId: 'aa' }),
        entry('c', 100),
        entry('d', 175),
      ],
      {},
      5_000,
    ],
    [
      'the earliest of one entry’s candidates, not its last one scanned',
      [entry('a', 0), entry('b', 75), entry('c', 200)],
      {},
      5_000,
    ],
  ])('%s', (_, queue, options, next) => {
    const result = pairQueueWithNextPairing(queue, NOW, options);
    expect(result.pairs).toEqual([]);
    expect(after(result.nextPairingAt)).toBe(next);
    if (next !== null) {
      expect(remainderPairsAt(queue, result.pairs, NOW + next - 1, options)).toBe(0);
      expect(remainderPairsAt(queue, result.pairs, NOW + next, options)).toBeGreaterThan(0);
    }
  });

  it('a pair whose gap equals the widest band pairs on the tick', () => {
    // Both fresh: the widest band is the base band, 50, and the gap is exactly 50.
    expect(asTuples(pairQueue([entry('a', 0), entry('b', 50), entry('c', 101)], NOW))).toEqual([['a', 'b']]);
    // The longer waiter's band (75 after 5 s) is the widest and equals the gap.
    expect(asTuples(pairQueue([entry('a', 0, 5), entry('b', 75)], NOW))).toEqual([['a', 'b']]);
  });

  it('lists the buckets in key order whatever order they first appear in', () => {
    const orders = [
      ['a', 'm', 'z'],
      ['a', 'z', 'm'],
      ['m', 'a', 'z'],
      ['m', 'z', 'a'],
      ['z', 'a', 'm'],
      ['z', 'm', 'a'],
    ];
    for (const segments of orders) {
      const queue = segments.flatMap((segmentId) => [
        entry(`${segmentId}1`, 10, 0, { segmentId }),
        entry(`${segmentId}2`, 10, 0, { segmentId }),
      ]);
      expect(pairQueue(queue, NOW).map((p) => p.segmentId)).toEqual(['a', 'm', 'z']);
    }
  });

  it('on equal waits the lower roster id is home, whatever the input order', () => {
    const ids = ['c', 'a', 'd', 'b'];
    for (let shift = 0; shift < ids.length; shift++) {
      const order = [...ids.slice(shift), ...ids.slice(0, shift)];
      const queue = order.map((id) => entry(id, id === 'a' || id === 'b' ? 0 : 500, 10));
      expect(asTuples(pairQueue(queue, NOW))).toEqual([
        ['a', 'b'],
        ['c', 'd'],
      ]);
    }
  });

  it('a roster queued twice at the same instant keeps the entry listed first', () => {
    const joinedAt = new Date(NOW - 10 * SECOND).toISOString();
    const near = entry('a', 100, 0, { joinedAt });
    const far = entry('a', 900, 0, { joinedAt });
    const other = entry('b', 100, 10);
    expect(asTuples(pairQueue([near, far, other], NOW))).toEqual([['a', 'b']]);
    expect(pairQueue([far, near, other], NOW)).toEqual([]);
  });
});

/**
 * The pairing rule spelled out the slow way: every allowed pair of a bucket (canPair), closest
 * points first, then the longer-waiting home, then the longer-waiting away; greedy. With a neighbour
 * scan as wide as the bucket, `pairQueue` must agree pair for pair, whatever sort path it takes.
 */
function referencePairs(queue: QueueEntry[], at: number, options: MatchmakingOptions): string[] {
  const ranked = queue
    .map((e) => ({
      rosterId: e.rosterId,
      points: e.points,
      joinedMs: Date.parse(String(e.joinedAt)),
      lastOpponent: e.lastOpponentRosterId ?? null,
    }))
    .sort((x, y) => x.joinedMs - y.joinedMs || (x.rosterId < y.rosterId ? -1 : 1));
  const candidates: [number, number, number][] = [];
  for (let i = 0; i < ranked.length; i++) {
    for (let j = i + 1; j < ranked.length; j++) {
      if (canPair(ranked[i]!, ranked[j]!, at, options)) {
        candidates.push([Math.abs(ranked[i]!.points - ranked[j]!.points), i, j]);
      }
    }
  }
  candidates.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const taken = new Set<number>();
  const pairs: string[] = [];
  for (const [gap, i, j] of candidates) {
    if (taken.has(i) || taken.has(j)) continue;
    taken.add(i).add(j);
    pairs.push(`${ranked[i]!.rosterId}-${ranked[j]!.rosterId} ${gap}`);
  }
  return pairs;
}

const view = (pairs: QueuePair[]) => pairs.map((p) => `${p.homeRosterId}-${p.awayRosterId} ${p.pointsGap}`);

/** Points that exercise every sort path: small integers, quarters, and far apart integers near 2^50. */
const pointsArb = fc.oneof(
  fc.integer({ min: -300, max: 300 }),
  fc.integer({ min: -1_200, max: 1_200 }).map((q) => q / 4),
  fc.integer({ min: -300, max: 300 }).map((p) => 2 ** 50 + p),
  fc.integer({ min: -300, max: 300 }).map((p) => -(2 ** 50) + p),
);

describe('pairQueue against the slow reference', () => {
  it('property: same pairs, homes and gaps for integer, fractional, negative and huge points', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(pointsArb, fc.oneof(fc.constant(30), fc.integer({ min: 0, max: 120 })), fc.nat(15)),
          {
            minLength: 2,
            maxLength: 14,
          },
        ),
        fc.constantFrom<MatchmakingOptions>(
          {},
          { baseBand: 2 ** 52, maxBand: 2 ** 53 },
          { baseBand: 0.5, bandStepPoints: 0.25, maxBand: 30 },
        ),
        (rows, options) => {
          // Ids out of input order (7 is coprime to 16), so equal waits are ranked by id, not by position.
          const id = (i: number) => `r${String((i * 7) % 16).padStart(2, '0')}`;
          const queue = rows.map(([points, waited, last], i) =>
            entry(id(i), points, waited, { lastOpponentRosterId: last < rows.length ? id(last) : null }),
          );
          const wide = { ...options, neighbourScan: queue.length };
          expect(view(pairQueue(queue, NOW, wide))).toEqual(referencePairs(queue, NOW, wide));
        },
      ),
      { seed: 3_200, numRuns: 400 },
    );
  });

  it.each<[string, QueueEntry[], MatchmakingOptions, string[]]>([
    [
      'quarter gaps: the closest pair first (b–c 0.25 before a–b 0.75)',
      [entry('a', 0, 30), entry('b', 0.75, 20), entry('c', 1, 10), entry('d', 1.5)],
      {},
      ['b-c 0.25', 'a-d 1.5'],
    ],
    [
      'fractional points among integers: the points order is by value',
      [entry('a', 3, 30), entry('b', 0.5, 20), entry('c', 2, 10), entry('d', 0)],
      { neighbourScan: 1, baseBand: 1 },
      ['b-d 0.5', 'a-c 1'],
    ],
    [
      'points 2^50 apart (negative and positive): the huge gap is never packed into a key',
      [
        entry('a', -(2 ** 50), 30),
        entry('b', 2 ** 50, 20),
        entry('c', -(2 ** 50) + 1, 10),
        entry('d', 2 ** 50 + 3),
      ],
      { neighbourScan: 1 },
      ['a-c 1', 'b-d 3'],
    ],
    [
      'gaps near 2^50 inside a huge band: ordered exactly',
      [
        entry('a', 0, 30),
        entry('b', 2 ** 50 + 1, 20),
        entry('c', 2 ** 51, 10),
        entry('d', 2 ** 51 + 2 ** 50),
      ],
      { baseBand: 2 ** 52, maxBand: 2 ** 53 },
      ['b-c 1125899906842623', 'a-d 3377699720527872'],
    ],
    [
      'a gap of 2^51 between two entries: the (gap, home, away) key 4·2^51 + 1 is above 2^53, so not packed',
      [entry('a', 0, 10), entry('b', 2 ** 51)],
      { baseBand: 2 ** 52, maxBand: 2 ** 53 },
      ['a-b 2251799813685248'],
    ],
  ])('%s', (_, queue, options, expected) => {
    expect(view(pairQueue(queue, NOW, options))).toEqual(expected);
    expect(referencePairs(queue, NOW, { ...options, neighbourScan: queue.length })).toEqual(expected);
  });
});
