import { describe, expect, it } from 'vitest';
import { isRosterLocked, latestRoster, rosterDisplayName, sideDisplayName, sortRosters } from './rosters.js';

describe('sortRosters', () => {
  const r = (id: string, level: number, createdAt: string) => ({ id, tree: { level }, createdAt });
  it.each([
    [
      [r('a', 0, '2025-01-01'), r('b', 1, '2024-01-01')],
      ['b', 'a'],
    ],
    [
      [r('a', 1, '2025-01-01'), r('b', 1, '2025-02-01')],
      ['b', 'a'],
    ],
    [
      [r('a', 2, '2024-01-01'), r('b', 1, '2025-02-01'), r('c', 2, '2024-06-01')],
      ['c', 'a', 'b'],
    ],
    [[], []],
  ])('%j', (rosters, expected) => {
    expect(sortRosters(rosters).map((x) => x.id)).toEqual(expected);
    expect(latestRoster(rosters)?.id).toBe(expected[0]);
  });

  it('does not mutate its input', () => {
    const input = [r('a', 0, '2025-01-01'), r('b', 1, '2025-01-01')];
    sortRosters(input);
    expect(input.map((x) => x.id)).toEqual(['a', 'b']);
  });
});

describe('isRosterLocked', () => {
  it.each([
    [{ confirmedAt: '2025-10-01T00:00:00Z' }, true],
    [{ confirmedAt: null }, false],
    [{ confirmedAt: '' }, false],
    [null, false],
  ])('%j → %s', (roster, expected) => expect(isRosterLocked(roster)).toBe(expected));
});

describe('rosterDisplayName / sideDisplayName', () => {
  const owner = { gameAccounts: [{ username: 'Chief' }, { username: 'Alt' }] };
  it.each([
    [{ name: 'Dragons' }, owner, 'Dragons'],
    [{ name: '  ' }, owner, 'Chief'],
    [{ name: null }, owner, 'Chief'],
    [{ name: null }, { gameAccounts: [] }, 'TBD'],
    [{ name: null }, null, 'TBD'],
    [null, owner, 'TBD'],
  ])('%j → %s', (roster, o, expected) => {
    expect(sideDisplayName(roster, o)).toBe(expected);
    if (roster) expect(rosterDisplayName(roster, o)).toBe(expected);
  });
});
