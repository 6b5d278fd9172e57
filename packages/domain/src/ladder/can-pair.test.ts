import { describe, expect, it } from 'vitest';
import { canPair, type PairCandidate, pairQueue, type QueueEntry } from './matchmaking.js';
import { entry, mulberry32, NOW, SECOND } from './matchmaking-fixtures.js';

/** The candidate `canPair` sees for a fixture entry (what the server reads from its queue rows). */
const candidate = (e: QueueEntry): PairCandidate => ({
  rosterId: e.rosterId,
  points: e.points,
  joinedMs: Date.parse(String(e.joinedAt)),
  lastOpponent: e.lastOpponentRosterId ?? null,
});

describe('canPair', () => {
  it.each([
    {
      why: 'same points, just joined: inside the base band',
      a: entry('a', 100),
      b: entry('b', 100),
      pair: true,
    },
    { why: 'a gap of exactly the base band (50) passes', a: entry('a', 100), b: entry('b', 150), pair: true },
    {
      why: 'a gap just above the base band waits for the band to widen',
      a: entry('a', 100),
      b: entry('b', 151),
      pair: false,
    },
    {
      why: "the longer waiter's band counts (5 s wider by 25)",
      a: entry('a', 100, 5),
      b: entry('b', 175),
      pair: true,
    },
    { why: 'one step short of the band', a: entry('a', 100, 4.999), b: entry('b', 175), pair: false },
    {
      why: 'last opponents do not meet again inside the grace',
      a: entry('a', 100, 120, { lastOpponentRosterId: 'b' }),
      b: entry('b', 100, 60),
      pair: false,
    },
    {
      why: 'last opponents meet again once both waited longer than the grace',
      a: entry('a', 100, 120, { lastOpponentRosterId: 'b' }),
      b: entry('b', 100, 60.001),
      pair: true,
    },
    { why: 'a roster never pairs with itself', a: entry('a', 100, 10), b: entry('a', 100, 10), pair: false },
  ])('$why', ({ a, b, pair }) => {
    expect(canPair(candidate(a), candidate(b), NOW)).toBe(pair);
    expect(canPair(candidate(b), candidate(a), NOW)).toBe(pair);
  });

  it('agrees with the tick: two entries pair in pairQueue exactly when canPair says so', () => {
    const random = mulberry32(17);
    for (let run = 0; run < 2_000; run++) {
      const a = entry('a', Math.floor(random() * 400), Math.floor(random() * 120), {
        lastOpponentRosterId: random() < 0.3 ? 'b' : null,
      });
      const b = entry('b', Math.floor(random() * 400), Math.floor(random() * 120 * SECOND) / SECOND, {
        lastOpponentRosterId: random() < 0.3 ? 'a' : null,
      });
      const paired = pairQueue([a, b], NOW).length === 1;
      expect(canPair(candidate(a), candidate(b), NOW), JSON.stringify([a, b])).toBe(paired);
    }
  });
});
