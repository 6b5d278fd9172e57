import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canPair } from './matchmaking.js';
import { rematchNotBefore, rematchWaitMs } from './rematch.js';

const GRACE = 60_000;

describe('rematch countdown', () => {
  it('counts from the later join, and not at all while the opponent is not waiting', () => {
    expect(rematchNotBefore(1_000, 4_000, GRACE)).toBe(4_000 + GRACE + 1);
    expect(rematchNotBefore(9_000, 4_000, GRACE)).toBe(9_000 + GRACE + 1);
    expect(rematchNotBefore(9_000, null, GRACE)).toBeNull();
    expect(rematchWaitMs(null, 5)).toBe(0);
    expect(rematchWaitMs(100, 40)).toBe(60);
    expect(rematchWaitMs(100, 140)).toBe(0);
  });

  it('is the first moment matchmaking pairs the two last opponents again (same points)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 600_000 }),
        (ownJoined, otherJoined, grace) => {
          const at = rematchNotBefore(ownJoined, otherJoined, grace)!;
          const a = { rosterId: 'a', points: 100, joinedMs: ownJoined, lastOpponent: 'b' };
          const b = { rosterId: 'b', points: 100, joinedMs: otherJoined, lastOpponent: 'a' };
          expect(canPair(a, b, at, { rematchGraceMs: grace })).toBe(true);
          expect(canPair(a, b, at - 1, { rematchGraceMs: grace })).toBe(false);
        },
      ),
    );
  });
});
