import { describe, expect, it } from 'vitest';
import {
  type MatchmakingOptions,
  pairQueue,
  pairQueueWithNextPairing,
  type QueueEntry,
} from './matchmaking.js';
import { asTuples, entry, mulberry32, NOW } from './matchmaking-fixtures.js';

/** nextPairingAt relative to NOW (null stays null). */
const after = (next: number | null) => (next === null ? null : next - NOW);

/** Eight entries on 100 points that pair among themselves (gap 0), named so they rank after 'a'. */
const crowd = (waitedSeconds: number) =>
  Array.from({ length: 8 }, (_, i) => entry(`x${i + 1}`, 100, waitedSeconds));

describe('pairQueueWithNextPairing', () => {
  it.each<[string, QueueEntry[], MatchmakingOptions, string[][], number | null]>([
    ['empty queue: never', [], {}, [], null],
    ['one entry: never', [entry('a', 100, 30)], {}, [], null],
    [
      'everyone paired: nothing left, never',
      [entry('a', 100, 10), entry('b', 120, 5)],
      {},
      [['a', 'b']],
      null,
    ],
    ['fresh, gap 75: the band reaches 75 after 5 s', [entry('a', 100), entry('b', 175)], {}, [], 5_000],
    ['gap 75, the longer waiter waited 3 s: 2 s left', [entry('a', 100, 3), entry('b', 175)], {}, [], 2_000],
    ['gap 76 needs two steps (100)', [entry('a', 100), entry('b', 176)], {}, [], 10_000],
    [
      'the LONGER waiter decides: a waited 20 s (150), gap 200 needs 200 at 30 s',
      [entry('a', 100, 20), entry('b', 300)],
      {},
      [],
      10_000,
    ],
    ['gap 1000 = the widest band: after 190 s', [entry('a', 0), entry('b', 1_000)], {}, [], 190_000],
    ['gap 1001 is above the widest band: never', [entry('a', 0, 600), entry('b', 1_001)], {}, [], null],
    [
      'rematch: when the grace of the SHORTER waiter ends (+1 ms)',
      [entry('a', 100, 50, { lastOpponentRosterId: 'b' }), entry('b', 100, 10)],
      {},
      [],
      50_001,
    ],
    [
      'rematch remembered by one side only',
      [entry('a', 100, 50), entry('b', 100, 10, { lastOpponentRosterId: 'a' })],
      {},
      [],
      50_001,
    ],
    [
      'rematch and band: the later of the two (grace)',
      [entry('a', 100, 0, { lastOpponentRosterId: 'b' }), entry('b', 300)],
      {},
      [],
      60_001,
    ],
    [
      'rematch and band: the later of the two (band, gap 600 → 110 s)',
      [entry('a', 100, 0, { lastOpponentRosterId: 'b' }), entry('b', 700)],
      {},
      [],
      110_000,
    ],
    ['the earliest candidate wins', [entry('a', 0), entry('b', 200), entry('c', 275, 4)], {}, [], 1_000],
    [
      'the earliest over every bucket',
      [
        entry('a', 100),
        entry('b', 200),
        entry('c', 100, 0, { segmentId: 'mq' }),
        entry('d', 175, 0, { segmentId: 'mq' }),
      ],
      {},
      [],
      5_000,
    ],
    ['never across buckets', [entry('a', 100, 300), entry('b', 100, 0, { thLevel: 16 })], {}, [], null],
    ['a duplicated roster cannot pair with itself', [entry('a', 100, 10), entry('a', 100, 20)], {}, [], null],
    [
      'remainder neighbours (k = 1): b–c pair, then a and d are adjacent and fit now',
      [entry('a', 0, 10), entry('b', 5, 10), entry('c', 6, 10), entry('d', 8, 10)],
      { neighbourScan: 1 },
      [['b', 'c']],
      0,
    ],
    [
      'remainder neighbours (k = 8): z was out of a’s scan behind the crowd; alone they fit now',
      [entry('a', 0, 20), ...crowd(0), entry('z', 140)],
      {},
      [
        ['x1', 'x2'],
        ['x3', 'x4'],
        ['x5', 'x6'],
        ['x7', 'x8'],
      ],
      0,
    ],
    [
      'remainder neighbours (k = 8): same, but the gap 140 needs a band of 150 (a waited 10 s)',
      [entry('a', 0, 10), ...crowd(0), entry('z', 140)],
      {},
      [
        ['x1', 'x2'],
        ['x3', 'x4'],
        ['x5', 'x6'],
        ['x7', 'x8'],
      ],
      10_000,
    ],
    [
      'custom options: base 10, +10 per second',
      [entry('a', 0), entry('b', 35)],
      { baseBand: 10, bandStepPoints: 10, bandStepMs: 1_000 },
      [],
      3_000,
    ],
  ])('%s', (_, entries, options, pairs, next) => {
    const result = pairQueueWithNextPairing(entries, NOW, options);
    expect(asTuples(result.pairs)).toEqual(pairs);
    expect(result.pairs).toEqual(pairQueue(entries, NOW, options));
    expect(after(result.nextPairingAt)).toBe(next);
  });

  it('accepts Date, ISO and epoch instants alike', () => {
    const entries = [entry('a', 100), entry('b', 175)];
    for (const now of [NOW, new Date(NOW), new Date(NOW).toISOString()]) {
      expect(pairQueueWithNextPairing(entries, now).nextPairingAt).toBe(NOW + 5_000);
    }
  });
});

/** Sparse points (so many entries stay unpaired), recent joins, rematches between queued rosters. */
function randomQueue(random: () => number, size: number): QueueEntry[] {
  const pointsSpan = [300, 1_500, 6_000][Math.floor(random() * 3)]!;
  return Array.from({ length: size }, () => ({
    rosterId: `r${Math.floor(random() * size * 1.1)}`,
    segmentId: random() < 0.8 ? 'ol' : 'mq',
    thLevel: 17,
    points: random() < 0.3 ? 100 : Math.floor(random() * pointsSpan),
    joinedAt: NOW - Math.floor(random() * 90_000),
    lastOpponentRosterId: random() < 0.4 ? `r${Math.floor(random() * size)}` : null,
  }));
}

describe('pairQueueWithNextPairing properties', () => {
  it.each(Array.from({ length: 200 }, (_, seed) => [seed]))(
    'random queue seed %i: same pairs, and nextPairingAt is exactly when the remainder pairs',
    (seed) => {
      const random = mulberry32(seed + 1_000);
      const queue = randomQueue(random, 2 + Math.floor(random() * 60));
      const options: MatchmakingOptions = { neighbourScan: 1 + Math.floor(random() * 8) };
      const { pairs, nextPairingAt } = pairQueueWithNextPairing(queue, NOW, options);
      expect(pairs).toEqual(pairQueue(queue, NOW, options));

      const paired = new Set(pairs.flatMap((p) => [p.homeRosterId, p.awayRosterId]));
      const remainder = queue.filter((e) => !paired.has(e.rosterId));
      const pairsAt = (at: number) => pairQueue(remainder, at, options).length;
      if (nextPairingAt === null) {
        for (const later of [0, 60_000, 600_000, 86_400_000]) expect(pairsAt(NOW + later)).toBe(0);
      } else {
        expect(nextPairingAt).toBeGreaterThanOrEqual(NOW);
        if (nextPairingAt > NOW) {
          expect(pairsAt(NOW)).toBe(0);
          expect(pairsAt(nextPairingAt - 1)).toBe(0);
        }
        expect(pairsAt(nextPairingAt)).toBeGreaterThan(0);
      }
    },
  );
});
