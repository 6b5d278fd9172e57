import { describe, expect, it } from 'vitest';
import { chatCheck, cutLine, rowMarks } from './advancement';

const entry = (rank: number, points = 9, id = 'r') => ({ rank, points, roster: { id } });

describe('leaderboard marks', () => {
  it('a team tied on points across the cut advances as the cut-line rule says, with its tiebreak', () => {
    const tie = (id: string, advances: boolean, decidedBy: 'headToHead' | null) => ({
      roster: { id },
      position: 0,
      advances,
      headToHead: 0,
      wins: 1,
      pointsReachedAt: null,
      decidedBy,
    });
    const cut = { top: 8, tiedPoints: 9, tied: [tie('a', true, 'headToHead'), tie('b', false, null)] };
    // Both share rank 8 on the standings; only a advances, by head-to-head.
    expect(rowMarks(entry(8, 9, 'a'), 'townHallCup', cut)).toMatchObject({
      advances: true,
      tiebreak: 'headToHead',
    });
    expect(rowMarks(entry(8, 9, 'b'), 'townHallCup', cut)).toMatchObject({ advances: false, tiebreak: null });
    expect(rowMarks(entry(3, 12, 'c'), 'townHallCup', cut)).toMatchObject({ advances: true, tiebreak: null });
  });

  it.each([
    [1, 'championship', true],
    [128, 'championship', true],
    [129, 'championship', false],
    [8, 'townHallCup', true],
    [9, 'townHallCup', false],
    [0, 'championship', false],
  ] as const)('rank %i in the %s advances: %s', (rank, competition, advances) => {
    expect(rowMarks(entry(rank), competition).advances).toBe(advances);
  });

  it('names where the advancing teams go and where the cut is', () => {
    expect(rowMarks(entry(1), 'championship').target).toBe('monthlyQualifier');
    expect(rowMarks(entry(1), 'townHallCup').target).toBe('finals');
    expect(cutLine('championship')).toBe(128);
    expect(cutLine('townHallCup')).toBe(8);
  });

  it('170th or better is asked to check the chat app: Discord, or WeChat in the Chinese region', () => {
    expect(chatCheck(170, false)).toBe('discord');
    expect(chatCheck(12, true)).toBe('wechat');
    expect(chatCheck(171, false)).toBeNull();
    expect(chatCheck(null, false)).toBeNull();
  });
});
