import { describe, expect, it } from 'vitest';
import { type InitialLoadOutcome, initialLoadOutcome } from './initial-load.js';

describe('initialLoadOutcome', () => {
  it.each<[number, string | null, string | null, string | null, InitialLoadOutcome]>([
    [200, null, null, null, { kind: 'registered' }],
    [404, null, null, null, { kind: 'notRegistered' }],
    [401, 'INSUFFICIENT_TH_LEVEL', null, null, { kind: 'thNotHighEnough' }],
    [401, 'INSUFFICIENT_ROLE', 'r1', null, { kind: 'notInvited', clanRosterId: 'r1' }],
    [401, 'NOT_INVITED', 'r1', null, { kind: 'notInvited', clanRosterId: 'r1' }],
    [401, 'NOT_INVITED', null, null, { kind: 'clanDidNotCreateRoster' }],
    [401, 'INSUFFICIENT_ROLE', null, null, { kind: 'clanDidNotCreateRoster' }],
    [401, 'NO_CLAN', null, null, { kind: 'logOnly' }],
    [401, 'PLAYER_BANNED', null, null, { kind: 'logOnly' }],
    [
      401,
      'SOMETHING',
      null,
      'Token expired',
      { kind: 'fatal', message: 'Token expired', route: '/fatal-error/Token%20expired', logRemotely: true },
    ],
    [
      500,
      null,
      null,
      null,
      { kind: 'fatal', message: 'unknown', route: '/fatal-error/unknown', logRemotely: false },
    ],
    [403, 'NO_CLAN', null, 'x', { kind: 'fatal', message: 'x', route: '/fatal-error/x', logRemotely: false }],
  ])('%i %s roster=%s', (status, code, rosterId, message, expected) => {
    expect(initialLoadOutcome(status, code, rosterId, message)).toEqual(expected);
  });
});
