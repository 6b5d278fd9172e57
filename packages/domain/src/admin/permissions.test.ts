import { describe, expect, it } from 'vitest';
import { type AdminAction, canPerform, consoleSections, isStaff } from './permissions.js';

const ACTIONS: AdminAction[] = [
  'event:create',
  'event:delete',
  'event:manage',
  'user:support',
  'user:admin',
  'roster:manage',
  'activity-log:read',
  'mail-outbox:read',
];

// Each row: a caller, whether they organize the targeted event, and the actions they may do.
const TABLE: { who: string; permissions: string[]; organizes: boolean; allowed: AdminAction[] }[] = [
  { who: 'player', permissions: [], organizes: false, allowed: [] },
  { who: 'admin', permissions: ['admin'], organizes: false, allowed: ACTIONS },
  { who: 'organizer of the event', permissions: ['organizer'], organizes: true, allowed: ['event:manage'] },
  { who: 'organizer of another event', permissions: ['organizer'], organizes: false, allowed: [] },
  {
    who: 'support',
    permissions: ['support'],
    organizes: false,
    allowed: ['user:support', 'activity-log:read', 'mail-outbox:read'],
  },
  // An assignment row alone grants nothing: the role must be on the user too.
  { who: 'assigned without the organizer role', permissions: [], organizes: true, allowed: [] },
  {
    who: 'organizer and support',
    permissions: ['organizer', 'support'],
    organizes: true,
    allowed: ['event:manage', 'user:support', 'activity-log:read', 'mail-outbox:read'],
  },
];

describe('canPerform', () => {
  it.each(TABLE)('$who', ({ permissions, organizes, allowed }) => {
    const granted = ACTIONS.filter((action) =>
      canPerform(permissions, action, { organizesEvent: organizes }),
    );
    expect(granted).toEqual(allowed);
  });
});

describe('isStaff', () => {
  it('recognises staff roles only', () => {
    expect(isStaff(['organizer'])).toBe(true);
    expect(isStaff(['player'])).toBe(false);
    expect(isStaff([])).toBe(false);
  });
});

describe('consoleSections (the console menu per role)', () => {
  it.each([
    [
      'admin',
      ['admin'],
      ['events', 'stages', 'match-series', 'disputes', 'rosters', 'checkins', 'users', 'activity', 'outbox'],
    ],
    ['organizer', ['organizer'], ['events', 'stages', 'match-series', 'disputes', 'rosters', 'checkins']],
    ['support', ['support'], ['users', 'activity', 'outbox']],
    [
      'organizer and support',
      ['organizer', 'support'],
      ['events', 'stages', 'match-series', 'disputes', 'rosters', 'checkins', 'users', 'activity', 'outbox'],
    ],
    ['a player', [], []],
  ])('%s', (_who, permissions, sections) => {
    expect(consoleSections(permissions)).toEqual(sections);
  });
});
