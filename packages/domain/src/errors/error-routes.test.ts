import { describe, expect, it } from 'vitest';
import {
  acceptMatchUpErrorRoute,
  checkInFailureRoute,
  type ErrorHint,
  type ErrorRouteOptions,
  errorRouteFor,
  type JoinQueueFailure,
  joinQueueErrorRoute,
} from './error-routes.js';

describe('errorRouteFor', () => {
  it.each<[number, ErrorHint, ErrorRouteOptions, string | null]>([
    [401, 'INSUFFICIENT_TH_LEVEL', {}, '/error/7'],
    [401, 'PLAYER_BANNED', {}, '/error/31'],
    [401, 'INSUFFICIENT_ROLE', {}, '/error/37'],
    [401, 'NO_CLAN', {}, null],
    [401, 'NO_CLAN', { genericFallback: true }, '/error'],
    [400, 'INSUFFICIENT_PERMISSION', {}, '/error/17'],
    [400, 'INCOMPLETE_ROSTER', {}, '/error/24'],
    [400, 'INVALID_CLAN_LEVEL', {}, '/error/32'],
    [400, 'INCOMPLETE_CLAN', {}, '/error/11'],
    [400, 'MEMBERS_MISSING', {}, '/error/11'],
    [400, 'TH_LEVELS_MISMATCH', {}, '/error/27'],
    [400, 'Roster changes limit exceeded', {}, '/error/35'],
    [400, { detail: 'Roster changes limit exceeded for this month' }, {}, '/error/35'],
    [400, { code: 'ROSTER_CHANGES_LIMIT_EXCEEDED' }, {}, '/error/35'],
    [400, 'WRONG_MEMBER', {}, '/error/36'],
    [400, 'PLAYER_BANNED', {}, '/error/31'],
    [400, 'OPPONENT_IS_IN_WAR', {}, '/error/19'],
    [400, 'OPPONENT_IS_IN_WAR', { altMode: true }, '/error/20'],
    [400, 'CLAN_IS_IN_WAR', {}, '/error/18'],
    [400, 'CLAN_IS_IN_WAR', { altMode: true }, '/error/14'],
    [400, 'WAR_LOG_PRIVATE', {}, '/error/22'],
    [400, 'WAR_LOG_PRIVATE', { isChinaRegion: true }, '/error/21'],
    [400, 'SOMETHING_ELSE', {}, null],
    [400, null, { genericFallback: true }, '/error'],
    [500, 'INSUFFICIENT_TH_LEVEL', {}, null],
    [403, 'INSUFFICIENT_PERMISSION', { genericFallback: true }, '/error'],
  ])('%i %j %j → %s', (status, hint, options, expected) => {
    expect(errorRouteFor(status, hint, options)).toBe(expected);
  });
});

describe('errorRouteFor with the team codes', () => {
  it.each<[number, ErrorHint, ErrorRouteOptions, string | null]>([
    [400, 'SEGMENT_REGISTRATION_CLOSED', {}, null],
    [400, 'ROSTER_FULL', {}, null],
    [401, 'NOT_INVITED', {}, null],
    [401, 'NOT_INVITED', { genericFallback: true }, '/error'],
    [400, 'SEGMENT_REGISTRATION_CLOSED', { teamCodes: true }, '/error/33'],
    [400, { code: 'ROSTER_FULL' }, { teamCodes: true }, '/error/6'],
    [
      401,
      { code: 'NOT_INVITED', detail: 'You are not selected for your clan team' },
      { teamCodes: true },
      '/error/37',
    ],
    [500, 'ROSTER_FULL', { teamCodes: true }, '/error/6'],
    [409, 'SEGMENT_REGISTRATION_CLOSED', { teamCodes: true }, '/error/33'],
    [403, 'NOT_INVITED', { teamCodes: true, isChinaRegion: true }, '/error/37'],
    [400, { code: 'ROSTER_FULL', detail: 'Roster changes limit exceeded' }, { teamCodes: true }, '/error/35'],
    [401, 'INSUFFICIENT_ROLE', { teamCodes: true }, '/error/37'],
    [400, 'TH_LEVELS_MISMATCH', { teamCodes: true }, '/error/27'],
    [400, { detail: 'ROSTER_FULL' }, { teamCodes: true }, null],
    [400, 'SOMETHING_ELSE', { teamCodes: true }, null],
    [400, 'SOMETHING_ELSE', { teamCodes: true, genericFallback: true }, '/error'],
    [500, null, { teamCodes: true, genericFallback: true }, '/error'],
  ])('%i %j %j → %s', (status, hint, options, expected) => {
    expect(errorRouteFor(status, hint, options)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['joinQueueErrorRoute', 401, '/error'],
    ['acceptMatchUpErrorRoute', 401, '/error'],
    ['checkInFailureRoute', 401, '/error/13'],
  ])('%s leaves NOT_INVITED unmapped (status %i → %s)', (name, status, expected) => {
    const routes: Record<string, () => string> = {
      joinQueueErrorRoute: () => joinQueueErrorRoute({ kind: 'http', status, code: 'NOT_INVITED' }),
      acceptMatchUpErrorRoute: () => acceptMatchUpErrorRoute({ kind: 'check', status, code: 'NOT_INVITED' }),
      checkInFailureRoute: () => checkInFailureRoute(status, 'NOT_INVITED'),
    };
    expect(routes[name]!()).toBe(expected);
  });
});

describe('joinQueueErrorRoute', () => {
  it.each<[JoinQueueFailure, string]>([
    [{ kind: 'clanInWar' }, '/error/23'],
    [{ kind: 'upcomingMatch' }, '/error/25'],
    [{ kind: 'matchLimit' }, '/error/26'],
    [{ kind: 'http', status: 400, detail: 'This roster has already played against them' }, '/error/28'],
    [{ kind: 'http', status: 400, code: 'ROSTER_ALREADY_PLAYED' }, '/error/28'],
    [{ kind: 'http', status: 500, detail: 'roster has already played' }, '/error'],
    [{ kind: 'http', status: 409, code: 'UPCOMING_MATCH' }, '/error/25'],
    [{ kind: 'http', status: 429, code: 'MATCH_LIMIT_REACHED' }, '/error/26'],
    [{ kind: 'http', status: 400, code: 'CLAN_IS_IN_WAR' }, '/error/23'],
    [{ kind: 'http', status: 401, code: 'INSUFFICIENT_ROLE' }, '/error/37'],
    [{ kind: 'http', status: 503 }, '/error'],
  ])('%j → %s', (failure, expected) => expect(joinQueueErrorRoute(failure)).toBe(expected));
});

describe('acceptMatchUpErrorRoute', () => {
  it.each([
    [{ kind: 'clanInWar' } as const, '/error/23'],
    [{ kind: 'acceptCall' } as const, '/error'],
    [{ kind: 'check', status: 400, code: 'TH_LEVELS_MISMATCH' } as const, '/error/27'],
    [{ kind: 'check', status: 500 } as const, '/error'],
  ])('%j → %s', (failure, expected) => expect(acceptMatchUpErrorRoute(failure)).toBe(expected));
});

describe('checkInFailureRoute', () => {
  it.each<[number, ErrorHint, boolean, string]>([
    [400, 'MEMBERS_MISSING', false, '/error/11'],
    [400, 'CLAN_IS_IN_WAR', true, '/error/18'],
    [403, null, true, '/error/21'],
    [403, null, false, '/error/22'],
    [500, null, true, '/error/12'],
    [500, null, false, '/error/13'],
    [400, 'UNKNOWN', false, '/error/13'],
  ])('%i %j china=%s → %s', (status, hint, isChinaRegion, expected) => {
    expect(checkInFailureRoute(status, hint, { isChinaRegion })).toBe(expected);
  });
});
