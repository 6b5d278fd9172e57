import { describe, expect, it } from 'vitest';
import { pairQueue, pointsBand, type QueueEntry, type QueuePair } from './matchmaking.js';
import { asTuples, entry, mulberry32, NOW } from './matchmaking-fixtures.js';

describe('pointsBand', () => {
  it.each([
    [0, 50],
    [4_999, 50],
    [5_000, 75],
    [60_000, 350],
    [10 * 60_000, 1_000],
    [-5_000, 50],
  ])('waited %i ms → %i', (waited, expected) => expect(pointsBand(waited)).toBe(expected));
});

describe('pairQueue', () => {
  it.each<[string, QueueEntry[], string[][]]>([
    ['empty queue', [], []],
    ['one entry', [entry('a', 100)], []],
    ['two close entries', [entry('a', 100, 10), entry('b', 120, 5)], [['a', 'b']]],
    ['home is the longer waiter', [entry('a', 100, 1), entry('b', 120, 9)], [['b', 'a']]],
    ['too far apart when fresh', [entry('a', 100), entry('b', 200)], []],
    ['band widens with waiting (20 s → 150)', [entry('a', 100, 20), entry('b', 200)], [['a', 'b']]],
    [
      'closest points first',
      [entry('a', 100, 30), entry('b', 130, 30), entry('c', 135, 30), entry('d', 160, 30)],
      [
        ['b', 'c'],
        ['a', 'd'],
      ],
    ],
    [
      'equal gaps: longest waiting first',
      [entry('a', 100, 5), entry('b', 110, 50), entry('c', 120, 10)],
      [['b', 'c']],
    ],
    [
      'equal gaps and waits: rosterId decides',
      [entry('m', 100, 5), entry('z', 110, 5), entry('a', 120, 5)],
      [['a', 'z']],
    ],
    ['other segment is never paired', [entry('a', 100), entry('b', 100, 0, { segmentId: 'other' })], []],
    ['other TH level is never paired', [entry('a', 100), entry('b', 100, 0, { thLevel: 15 })], []],
    [
      'immediate rematch avoided',
      [entry('a', 100, 10, { lastOpponentRosterId: 'b' }), entry('b', 100, 10), entry('c', 140, 10)],
      [['a', 'c']],
    ],
    [
      'rematch avoided even if only the other side remembers',
      [entry('a', 100, 10), entry('b', 100, 10, { lastOpponentRosterId: 'a' })],
      [],
    ],
    [
      'rematch allowed once both waited past the grace',
      [entry('a', 100, 61, { lastOpponentRosterId: 'b' }), entry('b', 100, 61)],
      [['a', 'b']],
    ],
    [
      'rematch still blocked when only one waited long',
      [entry('a', 100, 120, { lastOpponentRosterId: 'b' }), entry('b', 100, 30)],
      [],
    ],
    [
      'a duplicated roster is used once',
      [entry('a', 100, 10), entry('a', 100, 20), entry('b', 100)],
      [['a', 'b']],
    ],
  ])('%s', (_, entries, expected) => {
    expect(asTuples(pairQueue(entries, NOW))).toEqual(expected);
  });

  it('reports bucket and gap', () => {
    expect(pairQueue([entry('a', 100, 10), entry('b', 130, 5)], NOW)).toEqual([
      { homeRosterId: 'a', awayRosterId: 'b', segmentId: 'ol', thLevel: 17, pointsGap: 30 },
    ]);
  });

  it('honours custom options', () => {
    const entries = [entry('a', 100), entry('b', 200)];
    expect(pairQueue(entries, NOW, { baseBand: 100 })).toHaveLength(1);
  });
});

function randomQueue(random: () => number, size: number): QueueEntry[] {
  const segments = ['ol', 'mq', 'cup'];
  const levels = [9, 12, 15, 17];
  return Array.from({ length: size }, (_, i) => ({
    rosterId: `r${Math.floor(random() * size * 1.2)}`,
    segmentId: segments[Math.floor(random() * segments.length)]!,
    thLevel: levels[Math.floor(random() * levels.length)]!,
    points: Math.floor(random() * 2_000),
    joinedAt: NOW - Math.floor(random() * 180_000),
    lastOpponentRosterId: random() < 0.3 ? `r${Math.floor(random() * size)}` : null,
    // i only keeps the generator call count independent of the fields above
    ...(i < 0 ? {} : {}),
  }));
}

describe('pairQueue properties', () => {
  it.each(Array.from({ length: 25 }, (_, seed) => [seed]))('random queue seed %i', (seed) => {
    const random = mulberry32(seed + 1);
    const queue = randomQueue(random, 20 + Math.floor(random() * 400));
    const pairs = pairQueue(queue, NOW);
    const byRoster = new Map(queue.map((e) => [e.rosterId, e]));

    const seen = new Set<string>();
    for (const pair of pairs) {
      expect(pair.homeRosterId).not.toBe(pair.awayRosterId);
      for (const id of [pair.homeRosterId, pair.awayRosterId]) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      const home = queue.filter((e) => e.rosterId === pair.homeRosterId);
      const away = queue.filter((e) => e.rosterId === pair.awayRosterId);
      expect(home.some((h) => h.segmentId === pair.segmentId && h.thLevel === pair.thLevel)).toBe(true);
      expect(away.some((a) => a.segmentId === pair.segmentId && a.thLevel === pair.thLevel)).toBe(true);
      expect(pair.pointsGap).toBeLessThanOrEqual(1_000);
      expect(byRoster.has(pair.homeRosterId)).toBe(true);
    }

    const shuffled = [...queue].sort(() => random() - 0.5);
    expect(pairQueue(shuffled, NOW)).toEqual(pairs);
  });
});

describe('pairQueue on a championship-size queue', () => {
  // Its speed is measured in bench/queue, not here: a timing assertion fails under load.
  function bigQueue(spreadPoints: boolean): QueueEntry[] {
    const random = mulberry32(42);
    return Array.from({ length: 5_000 }, (_, i) => ({
      rosterId: `roster-${i}`,
      segmentId: 'ol',
      thLevel: 17,
      points: spreadPoints ? Math.floor(random() * 3_000) : 0,
      joinedAt: NOW - Math.floor(random() * 120_000),
      lastOpponentRosterId: `roster-${Math.floor(random() * 5_000)}`,
    }));
  }

  it.each([
    ['spread points', true],
    ['everyone on 0 points', false],
  ])('5,000 entries (%s) pair most of the queue, each roster at most once', (_, spread) => {
    const pairs: QueuePair[] = pairQueue(bigQueue(spread), NOW);
    expect(pairs.length).toBeGreaterThan(2_000);
    const seen = pairs.flatMap((pair) => [pair.homeRosterId, pair.awayRosterId]);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
