import { describe, expect, it } from 'vitest';
import { canReadHiddenProfile, canSetProfilePrivacy } from './profile-privacy.js';

const TAG = '#P2Q8';

describe('profile privacy', () => {
  it.each([
    ['anonymous', { playerTag: null, permissions: [] }, false, false],
    ['the player', { playerTag: TAG, permissions: [] }, true, true],
    ['another player (a captain of another clan)', { playerTag: '#GGG', permissions: [] }, false, false],
    ['support', { playerTag: null, permissions: ['support'] }, true, true],
    ['an organizer', { playerTag: null, permissions: ['organizer'] }, false, true],
    ['admin', { playerTag: null, permissions: ['admin'] }, true, true],
  ])('%s: may set privacy %s, may read a hidden profile %s', (_who, caller, set, read) => {
    expect(canSetProfilePrivacy(caller, TAG)).toBe(set);
    expect(canReadHiddenProfile(caller, TAG)).toBe(read);
  });
});
