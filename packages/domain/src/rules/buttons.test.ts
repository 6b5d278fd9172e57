import { describe, expect, it } from 'vitest';
import {
  type QueueButtonContext,
  type RegistrationButtonContext,
  showQueueButton,
  showRegistrationButton,
} from './buttons.js';

const ladder = {
  eliminationType: 'ladder' as const,
  date: { from: '2025-10-01T00:00:00Z', to: '2025-10-31T23:59:59Z' },
};
const base: QueueButtonContext = {
  segment: ladder,
  isCaptain: true,
  rosterLocked: true,
  now: '2025-10-15T00:00:00Z',
};

describe('showQueueButton', () => {
  it.each<[string, Partial<QueueButtonContext>, boolean]>([
    ['captain, locked, in dates', {}, true],
    ['swiss segment', { segment: { ...ladder, eliminationType: 'swiss' } }, false],
    ['no segment', { segment: null }, false],
    ['not captain', { isCaptain: false }, false],
    ['not locked', { rosterLocked: false }, false],
    ['before', { now: '2025-09-30T23:59:59Z' }, false],
    ['after', { now: '2025-11-01T00:00:00Z' }, false],
    ['on the last second', { now: '2025-10-31T23:59:59Z' }, true],
  ])('%s → %s', (_, override, expected) => expect(showQueueButton({ ...base, ...override })).toBe(expected));
});

describe('showRegistrationButton', () => {
  it.each<[RegistrationButtonContext, boolean]>([
    [{ isRegistered: false, isLeader: false, isRosterMember: false }, true],
    [{ isRegistered: false, isLeader: false, isRosterMember: true }, true],
    [{ isRegistered: false, isLeader: true, isRosterMember: true }, true],
    [{ isRegistered: false, isLeader: true, isRosterMember: false }, false],
    [{ isRegistered: true, isLeader: false, isRosterMember: true }, false],
  ])('%j → %s', (context, expected) => expect(showRegistrationButton(context)).toBe(expected));
});
