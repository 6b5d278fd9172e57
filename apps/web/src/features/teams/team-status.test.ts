import type { ClanRosterValue, RosterMemberValue } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { registrationBadge, teamPhase, teamWarnings, warningTextKey, warningViewer } from './team-status';

function member(tag: string, patch: Partial<RosterMemberValue> = {}): RosterMemberValue {
  return {
    tag,
    name: tag,
    role: 'member',
    townHallLevel: 17,
    position: 'player',
    userId: null,
    inClan: true,
    registered: true,
    registrationStatus: 'ready',
    chatAccountConnected: false,
    ...patch,
  };
}

function roster(patch: Partial<ClanRosterValue> = {}): ClanRosterValue {
  return {
    id: 'r1',
    name: 'Clan',
    eventId: 'e1',
    segmentId: 's1',
    thLevel: 17,
    captainTag: '#A',
    locked: false,
    confirmedAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    registrationStatus: 'open',
    canCompete: true,
    members: [
      member('#A', { role: 'leader', position: 'captain' }),
      member('#B'),
      member('#C'),
      member('#D'),
      member('#E'),
    ],
    changes: { used: 0, limit: 3, remaining: 3 },
    ...patch,
  };
}

describe('registration badge', () => {
  it.each([
    ['ready', 'status.ready', 'ready'],
    ['notReady', 'status.notReady', 'notReady'],
    ['pending', 'status.pending', 'pending'],
    ['needsToRegister', 'status.needsToRegister', 'needsToRegister'],
    [null, 'status.notSelected', 'muted'],
  ] as const)('%s → %s', (status, key, tone) => {
    expect(registrationBadge(status)).toEqual({ key, tone });
  });
});

describe('team phase', () => {
  it('reads the lifecycle', () => {
    expect(teamPhase(null)).toBe('notSelected');
    expect(teamPhase(null, true)).toBe('registrationClosed');
    expect(teamPhase(roster())).toBe('readyToLock');
    expect(teamPhase(roster({ locked: true }))).toBe('locked');
    expect(teamPhase(roster({ members: roster().members.slice(0, 4) }))).toBe('rosterIncomplete');
    const registering = roster();
    registering.members[1] = member('#B', { registrationStatus: 'needsToRegister', registered: false });
    expect(teamPhase(registering)).toBe('registering');
    expect(teamPhase(roster({ canCompete: false, registrationStatus: 'after' }))).toBe('cannotCompete');
  });
});

describe('team warnings (spec 8)', () => {
  it('warns about a missing captain, a captain who lost the role, an incomplete roster, a late team', () => {
    expect(teamWarnings(roster(), [])).toEqual([]);
    expect(teamWarnings(roster({ captainTag: null }), [])).toContain('missingCaptain');
    const demoted = [
      {
        tag: '#A',
        name: 'A',
        role: 'elder' as const,
        townHallLevel: 17,
        userId: null,
        isRosterMember: true,
        rosterPosition: null,
        registrationStatus: null,
      },
    ];
    expect(teamWarnings(roster(), demoted)).toEqual(['captainRoleMismatch']);
    expect(teamWarnings(roster({ members: roster().members.slice(0, 4) }), [])).toEqual(['rosterIncomplete']);
    expect(teamWarnings(roster({ canCompete: false, registrationStatus: 'after' }), [])).toEqual([
      'cannotCompete',
    ]);
    expect(teamWarnings(roster({ locked: true, members: roster().members.slice(0, 4) }), [])).toEqual([]);
  });
});

describe('the captain role mismatch speaks to whoever reads it (spec 5)', () => {
  it.each([
    [
      { isCaptain: true, isLeader: false },
      'captain',
      'warnings.captainRoleMismatchCaptain',
      'You are no longer',
    ],
    [{ isCaptain: false, isLeader: true }, 'leader', 'warnings.captainRoleMismatch', 'Promote the captain'],
    [{ isCaptain: false, isLeader: false }, 'other', 'warnings.captainRoleMismatchOther', 'Your clan leader'],
  ] as const)('%j reads the %s text', async (session, viewer, key, start) => {
    const i18n = initI18n();
    await i18n.changeLanguage('en');
    expect(warningViewer(session)).toBe(viewer);
    expect(warningTextKey('captainRoleMismatch', viewer)).toBe(key);
    expect(i18n.t(key, { ns: 'teams' })).toContain(start);
  });

  it('the other warnings read the same for everyone', () => {
    for (const viewer of ['captain', 'leader', 'other'] as const) {
      expect(warningTextKey('missingCaptain', viewer)).toBe('warnings.missingCaptain');
    }
  });
});
