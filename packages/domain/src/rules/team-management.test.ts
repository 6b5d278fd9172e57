import { describe, expect, it } from 'vitest';
import { canManageTeam, type TeamManagementContext } from './team-management.js';

const base: TeamManagementContext = {
  registrationOpen: true,
  rosterLocked: false,
  middlewareRosterId: 'r1',
  isLeader: true,
  isCoLeader: false,
  isCaptain: false,
};

describe('canManageTeam', () => {
  it.each<[string, Partial<TeamManagementContext>, boolean]>([
    ['leader', {}, true],
    ['registration closed', { registrationOpen: false }, false],
    ['roster locked', { rosterLocked: true }, false],
    ['no middleware roster', { middlewareRosterId: null }, false],
    ['co-leader captain', { isLeader: false, isCoLeader: true, isCaptain: true }, true],
    ['co-leader not captain', { isLeader: false, isCoLeader: true }, false],
    ['captain but member', { isLeader: false, isCaptain: true }, false],
    ['member', { isLeader: false }, false],
  ])('%s → %s', (_, override, expected) => expect(canManageTeam({ ...base, ...override })).toBe(expected));
});
