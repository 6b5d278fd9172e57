import { describe, expect, it } from 'vitest';
import type { MemberRegistrationStatus } from '../entities/roster.js';
import { type MemberRegistrationFacts, memberRegistrationStatus } from './member-registration-status.js';

describe('memberRegistrationStatus', () => {
  it.each<[string, MemberRegistrationFacts, MemberRegistrationStatus]>([
    [
      'no hub user',
      { hasUser: false, registered: false, inClan: true, townHallLevel: 17, rosterThLevel: 17 },
      'needsToRegister',
    ],
    [
      'no hub user wins over registered',
      { hasUser: false, registered: true, inClan: true, townHallLevel: 17, rosterThLevel: 17 },
      'needsToRegister',
    ],
    [
      'hub user, not registered',
      { hasUser: true, registered: false, inClan: true, townHallLevel: 17, rosterThLevel: 17 },
      'pending',
    ],
    [
      'not registered and away',
      { hasUser: true, registered: false, inClan: false, townHallLevel: 15, rosterThLevel: 17 },
      'pending',
    ],
    [
      'registered, in clan, right level',
      { hasUser: true, registered: true, inClan: true, townHallLevel: 17, rosterThLevel: 17 },
      'ready',
    ],
    [
      'registered, in clan, no roster level yet',
      { hasUser: true, registered: true, inClan: true, townHallLevel: 12, rosterThLevel: null },
      'ready',
    ],
    [
      'registered, left the clan',
      { hasUser: true, registered: true, inClan: false, townHallLevel: 17, rosterThLevel: 17 },
      'notReady',
    ],
    [
      'registered, left the clan, no roster level',
      { hasUser: true, registered: true, inClan: false, townHallLevel: 17, rosterThLevel: null },
      'notReady',
    ],
    [
      'registered, in clan, lower level',
      { hasUser: true, registered: true, inClan: true, townHallLevel: 15, rosterThLevel: 17 },
      'notReady',
    ],
    [
      'registered, in clan, higher level',
      { hasUser: true, registered: true, inClan: true, townHallLevel: 17, rosterThLevel: 15 },
      'notReady',
    ],
  ])('%s → %s', (_case, member, expected) => {
    expect(memberRegistrationStatus(member)).toBe(expected);
  });
});
