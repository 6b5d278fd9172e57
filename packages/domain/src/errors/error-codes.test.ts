import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_PAGE_CODES, fatalErrorRoute, isErrorPageCode } from './error-codes.js';
import { isServerErrorCode, SERVER_ERROR_CODES, SERVER_ERROR_STATUS } from './server-error-codes.js';

describe('ERROR_CODES', () => {
  it('has one entry per code 6–37 with a stable key', () => {
    expect(ERROR_PAGE_CODES).toHaveLength(32);
    for (const code of ERROR_PAGE_CODES) {
      expect(ERROR_CODES[code]).toMatchObject({ code, key: `errors.code.${code}` });
    }
  });

  it.each([
    [23, 'cannotQueueWar'],
    [24, 'incorrectSetup'],
    [25, 'upcomingMatch'],
    [26, 'matchLimit'],
    [27, 'clanThMismatch'],
    [28, 'clanMaxMatches'],
    [29, 'bannedCountry'],
    [30, 'rosterMissingMember'],
    [31, 'bannedPlayer'],
    [32, 'invalidClanLevel'],
    [33, 'segmentRegistrationNotOpen'],
    [34, 'eventNotActive'],
    [35, 'rosterChangesLimit'],
    [36, 'wrongMember'],
    [37, 'insufficientRole'],
  ] as const)('%i → %s', (code, slug) => {
    expect(ERROR_CODES[code].slug).toBe(slug);
    expect(ERROR_CODES[code].english).toBeNull();
  });

  it('only 9, 10, 21 and 22 have a chat-app variant', () => {
    const withChat = ERROR_PAGE_CODES.filter((code) => ERROR_CODES[code].chatApp != null);
    expect(withChat).toEqual([9, 10, 21, 22]);
    expect(ERROR_CODES[9].chatApp).toBe('communityChat');
    expect(ERROR_CODES[10].chatApp).toBe('chineseMessaging');
    expect(ERROR_CODES[21].chatApp).toBe('chineseMessaging');
    expect(ERROR_CODES[22].chatApp).toBe('communityChat');
  });

  it.each([
    [6, true],
    [37, true],
    [5, false],
    [38, false],
    ['7', false],
  ])('isErrorPageCode(%s) → %s', (value, expected) => expect(isErrorPageCode(value)).toBe(expected));
});

describe('fatalErrorRoute', () => {
  it.each([
    [undefined, '/fatal-error/unknown'],
    ['', '/fatal-error/unknown'],
    ['boom', '/fatal-error/boom'],
    ['a b/c', '/fatal-error/a%20b%2Fc'],
  ])('%s → %s', (message, expected) => expect(fatalErrorRoute(message)).toBe(expected));
});

describe('server error codes', () => {
  it.each([
    ['ROSTER_FULL', 400],
    ['SEGMENT_REGISTRATION_CLOSED', 400],
    ['NOT_INVITED', 401],
  ] as const)('%s answers %i', (code, status) => expect(SERVER_ERROR_STATUS[code]).toBe(status));
  it('every code has a status', () => {
    for (const code of SERVER_ERROR_CODES) expect(SERVER_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });
  it.each([
    ['NO_CLAN', true],
    ['RATE_LIMITED', true],
    ['ROSTER_FULL', true],
    ['SEGMENT_REGISTRATION_CLOSED', true],
    ['NOT_INVITED', true],
    ['nope', false],
    [null, false],
  ])('isServerErrorCode(%s) → %s', (value, expected) => expect(isServerErrorCode(value)).toBe(expected));
});
