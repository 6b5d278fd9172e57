import { describe, expect, it } from 'vitest';
import { createPrng } from '../competition/prng.js';
import {
  type MatchmakingOptions,
  pairQueue,
  pairQueueWithNextPairing,
  type QueueEntry,
  type QueuePair,
} from './matchmaking.js';
import { entry, NOW, SECOND } from './matchmaking-fixtures.js';

/** A queue of one or two buckets, points 0-300, waits up to 2 min, some last opponents. */
function randomQueue(random: () => number, size: number): QueueEntry[] {
  return Array.from({ length: size }, (_, i) =>
    entry(`r${String(i).padStart(3, '0')}`, Math.floor(random() * 300), Math.floor(random() * 120), {
      thLevel: random() < 0.8 ? 17 : 15,
      lastOpponentRosterId:
        random() < 0.3 ? `r${String(Math.floor(random() * size)).padStart(3, '0')}` : null,
    }),
  );
}

const shifted = (queue: QueueEntry[], by: number) => queue.map((e) => ({ ...e, points: e.points + by }));
const view = (pairs: QueuePair[]) =>
  pairs.map((p) => `${p.thLevel} ${p.homeRosterId}-${p.awayRosterId} ${p.pointsGap}`);

describe('pairQueue: only the points gaps matter (integer and fractional sort paths agree)', () => {
  it.each(Array.from({ length: 40 }, (_, seed) => [seed]))('random queue seed %i', (seed) => {
    const random = createPrng(seed + 7_000);
    const queue = randomQueue(random, 2 + Math.floor(random() * 40));
    const options: MatchmakingOptions = { neighbourScan: 1 + Math.floor(random() * 8) };
    const reference = view(pairQueue(queue, NOW, options));
    // Half points take the comparator sort; a large offset keeps the packed keys but moves every value.
    expect(view(pairQueue(shifted(queue, 0.5), NOW, options))).toEqual(reference);
    expect(view(pairQueue(shifted(queue, 2 ** 47), NOW, options))).toEqual(reference);
    // A roster far away in points can pair with nobody and changes nothing for the others.
    const far = entry('zzz', 2 ** 50, 0);
    expect(view(pairQueue([...queue, far], NOW, options))).toEqual(reference);
  });

  it('the longer waiter is home; on equal waits the lower roster id', () => {
    const pairs = pairQueue([entry('b', 100, 10), entry('a', 100, 10)], NOW);
    expect(pairs.map((p) => [p.homeRosterId, p.awayRosterId])).toEqual([['a', 'b']]);
  });

  it('lists the pairs bucket by bucket in key order, whatever the input order', () => {
    const queue = [
      entry('x1', 10, 0, { segmentId: 'z' }),
      entry('x2', 10, 0, { segmentId: 'z' }),
      entry('y1', 10, 0, { segmentId: 'a' }),
      entry('y2', 10, 0, { segmentId: 'a' }),
    ];
    expect(pairQueue(queue, NOW).map((p) => p.segmentId)).toEqual(['a', 'z']);
  });

  it('a roster queued twice keeps its earliest entry', () => {
    const queue = [entry('a', 100, 5), entry('b', 100, 20), entry('a', 100, 60)];
    expect(pairQueue(queue, NOW).map((p) => [p.homeRosterId, p.awayRosterId])).toEqual([['a', 'b']]);
  });
});

describe('pairQueueWithNextPairing: band settings that never or only slowly widen', () => {
  it('bands that never widen: a gap above the base band never pairs', () => {
    for (const options of [{ bandStepPoints: 0 }, { bandStepPoints: -5 }] satisfies MatchmakingOptions[]) {
      const { pairs, nextPairingAt } = pairQueueWithNextPairing(
        [entry('a', 0), entry('b', 60)],
        NOW,
        options,
      );
      expect(pairs).toEqual([]);
      expect(nextPairingAt).toBeNull();
    }
  });

  it.each(Array.from({ length: 40 }, (_, seed) => [seed]))(
    'fractional bands and points, seed %i: nextPairingAt is exactly when the remainder pairs',
    (seed) => {
      const random = createPrng(seed + 9_000);
      const size = 2 + Math.floor(random() * 12);
      const queue = Array.from({ length: size }, (_, i) =>
        entry(`r${i}`, Math.round(random() * 300) / 10, Math.floor(random() * 30), {
          lastOpponentRosterId: random() < 0.3 ? `r${Math.floor(random() * size)}` : null,
        }),
      );
      const options: MatchmakingOptions = {
        baseBand: Math.round(random() * 30) / 10,
        bandStepPoints: 0.1 + Math.round(random() * 20) / 10,
        bandStepMs: SECOND,
        maxBand: 20,
        rematchGraceMs: 10 * SECOND,
      };
      const { pairs, nextPairingAt } = pairQueueWithNextPairing(queue, NOW, options);
      const paired = new Set(pairs.flatMap((p) => [p.homeRosterId, p.awayRosterId]));
      const remainder = queue.filter((e) => !paired.has(e.rosterId));
      const pairsAt = (at: number) => pairQueue(remainder, at, options).length;
      if (nextPairingAt === null) {
        expect(pairsAt(NOW + 3_600_000)).toBe(0);
      } else {
        if (nextPairingAt > NOW) expect(pairsAt(nextPairingAt - 1)).toBe(0);
        expect(pairsAt(nextPairingAt)).toBeGreaterThan(0);
      }
    },
  );
});
