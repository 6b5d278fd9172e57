import { describe, expect, it } from 'vitest';
import { ROSTER_CHANGES_LIMIT } from './constants.js';
import { ROSTER_CHANGES_LIMIT_DETAIL } from './errors/server-error-codes.js';

describe('roster changes limit (design note: 3 a month; spec 8 error 35 detail)', () => {
  it.each<[string, unknown, unknown]>([
    ['ROSTER_CHANGES_LIMIT', ROSTER_CHANGES_LIMIT, 3],
    ['ROSTER_CHANGES_LIMIT_DETAIL', ROSTER_CHANGES_LIMIT_DETAIL, 'Roster changes limit exceeded'],
  ])('%s', (_name, actual, expected) => expect(actual).toBe(expected));
});
