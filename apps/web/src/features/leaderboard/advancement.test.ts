import { describe, expect, it } from 'vitest';
import { chatCheck, cutLine, rowMarks } from './advancement';

describe('leaderboard marks', () => {
  it.each([
    [1, 'championship', true],
    [128, 'championship', true],
    [129, 'championship', false],
    [8, 'townHallCup', true],
    [9, 'townHallCup', false],
    [0, 'championship', false],
  ] as const)('rank %i in the %s advances: %s', (rank, competition, advances) => {
    expect(rowMarks(rank, competition).advances).toBe(advances);
  });

  it('names where the advancing teams go and where the cut is', () => {
    expect(rowMarks(1, 'championship').target).toBe('monthlyQualifier');
    expect(rowMarks(1, 'townHallCup').target).toBe('finals');
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
