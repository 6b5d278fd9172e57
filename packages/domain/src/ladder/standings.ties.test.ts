import { describe, expect, it } from 'vitest';
import { advancesFromLadder, promptsChatCheck, rankLadder } from './standings.js';

describe('rankLadder: ties', () => {
  it('rosters tied on every key share rank 1 and are listed by roster id, whatever the input order', () => {
    for (const ids of [
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
    ]) {
      expect(rankLadder([], ids).map((e) => [e.rosterId, e.rank])).toEqual([
        ['a', 1],
        ['b', 1],
        ['c', 1],
      ]);
    }
  });
});

describe('ladder placements at their bounds', () => {
  it.each([
    { rank: 0, advances: false, prompts: false, why: 'no placement yet' },
    { rank: 1, advances: true, prompts: true, why: 'the leader' },
    { rank: 8, advances: true, prompts: true, why: 'last cup qualifier' },
    { rank: 9, advances: false, prompts: true, why: 'first cup roster out' },
  ])('rank $rank in the cup ($why)', ({ rank, advances, prompts }) => {
    expect(advancesFromLadder(rank, 'townHallCup')).toBe(advances);
    expect(promptsChatCheck(rank)).toBe(prompts);
  });
});
