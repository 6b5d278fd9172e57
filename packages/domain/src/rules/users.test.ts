import { describe, expect, it } from 'vitest';
import type { User } from '../entities/user.js';
import { ageInYears, formatPermissions, fullName, userAlias } from './users.js';

const empty: User = {
  id: 'u',
  firstName: null,
  lastName: null,
  dateOfBirth: null,
  username: null,
  email: null,
  profiles: [],
  gameAccounts: [],
  permissions: [],
};

describe('userAlias', () => {
  it.each<[string, Partial<User>, string]>([
    [
      'profile username first',
      { profiles: [{ username: 'prof' }], gameAccounts: [{ username: 'ga' }], username: 'u' },
      'prof',
    ],
    [
      'blank profile → game account',
      { profiles: [{ username: ' ' }], gameAccounts: [{ username: 'ga' }] },
      'ga',
    ],
    ['username', { username: 'user', firstName: 'A' }, 'user'],
    ['full name', { firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.c' }, 'Ada Lovelace'],
    ['first name only', { firstName: 'Ada', email: 'a@b.c' }, 'Ada'],
    ['e-mail', { email: 'a@b.c' }, 'a@b.c'],
    ['nothing', {}, ''],
  ])('%s', (_, override, expected) => expect(userAlias({ ...empty, ...override })).toBe(expected));
});

describe('fullName', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada Lovelace'],
    [null, 'Lovelace', 'Lovelace'],
    ['Ada', '', 'Ada'],
    [null, null, undefined],
  ])('%s %s → %s', (firstName, lastName, expected) =>
    expect(fullName({ firstName, lastName })).toBe(expected),
  );
});

describe('ageInYears', () => {
  it.each([
    ['2000-05-10', '2025-05-09T23:59:59Z', 24],
    ['2000-05-10', '2025-05-10T00:00:00Z', 25],
    ['2000-02-29', '2025-02-28T12:00:00Z', 24],
    ['2000-02-29', '2025-03-01T00:00:00Z', 25],
    ['2012-12-31', '2025-01-01T00:00:00Z', 12],
    ['2030-01-01', '2025-01-01T00:00:00Z', 0],
    [null, '2025-01-01T00:00:00Z', null],
    ['garbage', '2025-01-01T00:00:00Z', null],
  ])('%s at %s → %s', (dob, now, expected) => expect(ageInYears(dob, now)).toBe(expected));
});

describe('formatPermissions', () => {
  it('joins with commas', () => expect(formatPermissions({ permissions: ['a', 'b'] })).toBe('a, b'));
});
