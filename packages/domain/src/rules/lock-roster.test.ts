import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../entities/roster.js';
import { lockRosterBlockers } from './lock-roster.js';

type M = Pick<TeamMember, 'inClan' | 'isSelected' | 'registrationStatus'>;
const ok: M = { inClan: true, isSelected: true, registrationStatus: 'ready' };
const team = (...overrides: Partial<M>[]): M[] => [0, 1, 2, 3, 4].map((i) => ({ ...ok, ...overrides[i] }));

describe('lockRosterBlockers', () => {
  it.each<[string, M[], string | null, string[]]>([
    ['ready team', team(), 'cap', []],
    ['four members', team().slice(0, 4), 'cap', ['tooFewMembers']],
    ['left the clan', team({ inClan: false }), 'cap', ['memberNotInClan']],
    ['not selected', team({}, { isSelected: false }), 'cap', ['memberNotSelected']],
    ['pending registration', team({}, {}, { registrationStatus: 'pending' }), 'cap', ['memberNotRegistered']],
    ['needs to register', team({ registrationStatus: 'needsToRegister' }), 'cap', ['memberNotRegistered']],
    ['no captain', team(), null, ['captainMissing']],
    ['six ready', [...team(), ok], 'cap', []],
  ])('%s', (_, members, captain, expected) => {
    expect(lockRosterBlockers(members, captain)).toEqual(expected);
  });
});
