import {
  canPair,
  MATCHMAKING_BAND_STEP_MS,
  MATCHMAKING_BAND_STEP_POINTS,
  MATCHMAKING_BASE_POINTS_BAND,
  MATCHMAKING_REMATCH_GRACE_MS,
} from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import type { MatchUpDoc } from '../src/invariants.js';
import { eligibleFrom, type JoinRecord, matchingLatencies } from '../src/matching.js';

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const cand = (rosterId: string, points: number, joinedMs: number, lastOpponent: string | null = null) => ({
  rosterId,
  points,
  joinedMs,
  lastOpponent,
});
const matchUp = (id: string, createdMs: number, a: string, b: string): MatchUpDoc => ({
  id,
  attributes: {
    status: 'accepted',
    createdAt: new Date(createdMs).toISOString(),
    endedAt: null,
    matchSeriesId: null,
    sides: [{ roster: { id: a } }, { roster: { id: b } }],
  },
});

describe('eligibleFrom: the first millisecond the domain rule allows a pair', () => {
  it('is the later join when the base band covers the gap', () => {
    expect(eligibleFrom(cand('a', 0, T0), cand('b', MATCHMAKING_BASE_POINTS_BAND, T0 + 700), T0 + 700)).toBe(
      T0 + 700,
    );
  });

  it('is one band step after the longer waiter joined for a gap one step wider', () => {
    const gap = MATCHMAKING_BASE_POINTS_BAND + MATCHMAKING_BAND_STEP_POINTS;
    const a = cand('a', 0, T0);
    const b = cand('b', gap, T0 + 1_000);
    const at = eligibleFrom(a, b, T0 + 1_000);
    expect(at).toBe(T0 + MATCHMAKING_BAND_STEP_MS);
    expect(canPair(a, b, at! - 1)).toBe(false);
  });

  it('waits out the rematch grace of the later joiner for last opponents', () => {
    const a = cand('a', 0, T0, 'b');
    const b = cand('b', 0, T0 + 2_000, 'a');
    const at = eligibleFrom(a, b, T0 + 2_000)!;
    expect(at).toBeGreaterThan(T0 + 2_000 + MATCHMAKING_REMATCH_GRACE_MS - 1);
    expect(canPair(a, b, at)).toBe(true);
    expect(canPair(a, b, at - 1)).toBe(false);
  });

  it('is null when no band ever covers the gap', () => {
    expect(eligibleFrom(cand('a', 0, T0), cand('b', 100_000, T0), T0)).toBeNull();
  });
});

describe('matchingLatencies: each found pair replayed through the rule', () => {
  it('measures a pair eligible at the later join from that join call to its notice', () => {
    const joins = new Map<string, JoinRecord[]>([
      ['a', [{ joinedMs: T0, points: 10, sentAt: 100 }]],
      ['b', [{ joinedMs: T0 + 5_000, points: 20, sentAt: 5_100 }]],
    ]);
    const found = new Map([
      [
        'mu1',
        [
          { rosterId: 'a', at: 5_130, waitedMs: 0 },
          { rosterId: 'b', at: 5_142, waitedMs: 0 },
        ],
      ],
    ]);
    const out = matchingLatencies(
      [matchUp('mu1', T0 + 5_010, 'a', 'b')],
      { joins, sequence: new Map(), found },
      T0 - 100,
    );
    expect(out).toEqual({ atJoin: [42], byTime: [], joinCall: [], requeued: 0, unplaced: 0 });
  });

  it('measures a rematch from the end of the grace (the last opponent comes from the earlier match-up)', () => {
    const joins = new Map<string, JoinRecord[]>([
      ['a', [{ joinedMs: T0 + 10_000, points: 0, sentAt: 10_000 }]],
      ['b', [{ joinedMs: T0 + 11_000, points: 0, sentAt: 11_000 }]],
    ]);
    const eligible = eligibleFrom(
      cand('a', 0, T0 + 10_000, 'b'),
      cand('b', 0, T0 + 11_000, 'a'),
      T0 + 11_000,
    )!;
    // performance.now() + offset = hub epoch ms; the first notice comes 180 ms after the rule allowed it.
    const offset = T0;
    const firstNotice = eligible + 180 - offset;
    const found = new Map([
      [
        'mu2',
        [
          { rosterId: 'b', at: firstNotice + 5, waitedMs: 0 },
          { rosterId: 'a', at: firstNotice, waitedMs: 0 },
        ],
      ],
    ]);
    const earlier = matchUp('mu1', T0 + 1_000, 'a', 'b');
    const out = matchingLatencies(
      [earlier, matchUp('mu2', eligible + 150, 'a', 'b')],
      { joins, sequence: new Map(), found },
      offset,
    );
    expect(out.atJoin).toEqual([]);
    expect(out.byTime).toEqual([180]);
    expect(out.unplaced).toBe(0);
  });

  it('cannot place a pair whose side never joined as far as the bots know', () => {
    const joins = new Map<string, JoinRecord[]>([['a', [{ joinedMs: T0, points: 0, sentAt: 0 }]]]);
    const found = new Map([['mu1', [{ rosterId: 'a', at: 50, waitedMs: 0 }]]]);
    expect(
      matchingLatencies([matchUp('mu1', T0 + 20, 'a', 'b')], { joins, sequence: new Map(), found }, T0)
        .unplaced,
    ).toBe(1);
  });

  it('takes the last opponent from the order the bots handled their match-ups in, not the second-rounded times', () => {
    // a met c long ago; then a–b and c–d were each declined at once, in the same second as the pair a–c.
    const joins = new Map<string, JoinRecord[]>([
      ['a', [{ joinedMs: T0, points: 0, sentAt: 0 }]],
      ['c', [{ joinedMs: T0 + 100, points: 0, sentAt: 100 }]],
    ]);
    const sameSecond = T0 + 30_000;
    const docs = [
      matchUp('m0', T0 - 50_000, 'a', 'c'),
      matchUp('m1', sameSecond, 'a', 'b'),
      matchUp('m3', sameSecond, 'c', 'd'),
      matchUp('m2', sameSecond, 'a', 'c'),
    ];
    const found = new Map([['m2', [{ rosterId: 'c', at: 30_040, waitedMs: 0 }]]]);
    // Handled in that order, m1 and m3 before the joins that led to m2 (at 0 and 100).
    const sequence = new Map([
      [
        'a',
        [
          { id: 'm0', at: -50_000 },
          { id: 'm1', at: -10 },
          { id: 'm2', at: 30_040 },
        ],
      ],
      [
        'c',
        [
          { id: 'm0', at: -50_000 },
          { id: 'm3', at: -5 },
          { id: 'm2', at: 30_040 },
        ],
      ],
    ]);
    // In order, the last opponents are b and d: no rematch, the pair was allowed at c's join.
    expect(matchingLatencies(docs, { joins, sequence, found }, T0)).toEqual({
      atJoin: [29_940],
      byTime: [],
      joinCall: [],
      requeued: 0,
      unplaced: 0,
    });
    // By the times alone, m1 and m3 are not before m2: both last opponents look like m0's, a rematch.
    const byTimes = matchingLatencies(docs, { joins, sequence: new Map(), found }, T0);
    expect(byTimes.atJoin).toEqual([]);
    expect(byTimes.byTime).toHaveLength(1);
  });

  it('does not time a pair whose EARLIER side was still in another match-up when the later side joined', () => {
    // a joined, was found with d at once; c joined; the a–d match-up expired, a went back with its
    // joinedAt and met c: the pair could only form once a was back, not at c's join.
    const joins = new Map<string, JoinRecord[]>([
      ['a', [{ joinedMs: T0, points: 0, sentAt: 0 }]],
      ['c', [{ joinedMs: T0 + 2_000, points: 0, sentAt: 2_000 }]],
    ]);
    const docs = [matchUp('m1', T0, 'a', 'd'), matchUp('m2', T0 + 16_000, 'a', 'c')];
    const found = new Map([['m2', [{ rosterId: 'c', at: 16_050, waitedMs: 0 }]]]);
    const sequence = new Map([
      [
        'a',
        [
          { id: 'm1', at: 20 },
          { id: 'm2', at: 16_050 },
        ],
      ],
      ['c', [{ id: 'm2', at: 16_050 }]],
    ]);
    expect(matchingLatencies(docs, { joins, sequence, found }, T0)).toEqual({
      atJoin: [],
      byTime: [],
      joinCall: [],
      requeued: 1,
      unplaced: 0,
    });
  });

  it('counts as last opponent a match-up the bot never handled when it is later than the one it did', () => {
    // a met b and c met d (handled), then a met c in a match-up neither bot saw (sockets down, it
    // expired), then a–c again: the hub holds the rematch grace, so the pair waited for time.
    const joins = new Map<string, JoinRecord[]>([
      ['a', [{ joinedMs: T0 + 40_000, points: 0, sentAt: 40_000 }]],
      ['c', [{ joinedMs: T0 + 41_000, points: 0, sentAt: 41_000 }]],
    ]);
    const docs = [
      matchUp('m0', T0, 'a', 'b'),
      matchUp('mc', T0 + 5_000, 'c', 'd'),
      matchUp('m1', T0 + 20_000, 'a', 'c'),
      matchUp('m2', T0 + 80_000, 'a', 'c'),
    ];
    const found = new Map([['m2', [{ rosterId: 'c', at: 80_020, waitedMs: 0 }]]]);
    const sequence = new Map([
      [
        'a',
        [
          { id: 'm0', at: 10 },
          { id: 'm2', at: 80_020 },
        ],
      ],
      [
        'c',
        [
          { id: 'mc', at: 5_010 },
          { id: 'm2', at: 80_020 },
        ],
      ],
    ]);
    const replay = matchingLatencies(docs, { joins, sequence, found }, T0);
    expect(replay.atJoin).toEqual([]);
    expect(replay.byTime).toHaveLength(1);
  });

  it('does not time a side back in the queue after a declined match-up (its join is older than that match-up)', () => {
    const joins = new Map<string, JoinRecord[]>([
      ['a', [{ joinedMs: T0, points: 0, sentAt: 0 }]],
      ['c', [{ joinedMs: T0 + 1_000, points: 0, sentAt: 1_000 }]],
    ]);
    const docs = [matchUp('m1', T0 + 1_000, 'c', 'd'), matchUp('m2', T0 + 9_000, 'a', 'c')];
    const found = new Map([['m2', [{ rosterId: 'c', at: 9_050, waitedMs: 0 }]]]);
    // c was found in m1 just after its join, d declined, c went back with its joinedAt, then m2.
    const sequence = new Map([
      [
        'c',
        [
          { id: 'm1', at: 1_020 },
          { id: 'm2', at: 9_050 },
        ],
      ],
    ]);
    expect(matchingLatencies(docs, { joins, sequence, found }, T0)).toEqual({
      atJoin: [],
      byTime: [],
      joinCall: [],
      requeued: 1,
      unplaced: 0,
    });
  });
});
