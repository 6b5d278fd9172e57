import { describe, expect, it } from 'vitest';
import { isRosterLocked, rosterDisplayName, sideDisplayName } from './rosters.js';

describe('isRosterLocked', () => {
  it.each([
    [{ confirmedAt: '2025-10-01T00:00:00Z' }, true],
    [{ confirmedAt: null }, false],
    [{ confirmedAt: '' }, false],
    [null, false],
    [{ confirmedAt: new Date(0) }, true],
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
