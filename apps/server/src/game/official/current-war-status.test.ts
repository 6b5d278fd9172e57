import { describe, expect, it } from 'vitest';
import { currentWarStatus, formatApiTime, parseApiTime } from './current-war-status.js';

const hour = 60 * 60 * 1000;
const start = Date.parse('2025-10-31T14:00:00Z');
const war = (state: 'preparation' | 'inWar', preparationHours: number) => ({
  state,
  preparationStartTime: formatApiTime(start - preparationHours * hour),
  startTime: formatApiTime(start),
});

describe('currentWarStatus', () => {
  it.each([
    ['not in war', { state: 'notInWar' as const }, 'none'],
    ['ended war', { state: 'warEnded' as const }, 'none'],
    ['regular war, preparation day', war('preparation', 23), 'clanWar'],
    ['regular war, battle day', war('inWar', 23), 'clanWar'],
    ['friendly war with 1 h preparation', war('inWar', 1), 'friendlyWar'],
    ['friendly war with 24 h preparation', war('preparation', 24), 'friendlyWar'],
    ['league war read without its tag, 24.4 h preparation', war('preparation', 24.4), 'clanWar'],
    ['times missing', { state: 'inWar' as const }, 'clanWar'],
  ])('%s -> %s', (_name, input, expected) => {
    expect(currentWarStatus(input)).toBe(expected);
  });
});

describe('parseApiTime', () => {
  it('reads the compact format and round-trips', () => {
    expect(formatApiTime(start)).toBe('20251031T140000.000Z');
    expect(parseApiTime('20251031T140000.000Z')).toBe(start);
    expect(parseApiTime('20251031T140000Z')).toBe(start);
    expect(parseApiTime('2025-10-31T14:00:00Z')).toBe(start);
    expect(parseApiTime('tomorrow')).toBeNull();
    expect(parseApiTime(undefined)).toBeNull();
  });
});
