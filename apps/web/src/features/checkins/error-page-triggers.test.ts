import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { teamErrorRoute } from '../teams/error-route';
import { matchCheckInErrorRoute, segmentCheckInErrorRoute, verifyPlayersErrorRoute } from './checkin-rules';

vi.mock('../../lib/error-reporter', () => ({ reportError: vi.fn(async () => undefined) }));

/** What the server answers when a clan is at war (game/war-refusals.ts): the war the game reports. */
const atWar = (code: 'CLAN_IS_IN_WAR' | 'OPPONENT_IS_IN_WAR', warStatus: 'clanWar' | 'friendlyWar') =>
  new ApiError(
    400,
    'POST',
    '/api/checkins',
    [{ status: '400', title: 't', code, meta: { warStatus } }],
    null,
  );

describe('spec 8 mode switch: 18 or 14, 19 or 20, by the war the game reports', () => {
  it.each([
    ['CLAN_IS_IN_WAR', 'clanWar', '/error/18'],
    ['CLAN_IS_IN_WAR', 'friendlyWar', '/error/14'],
    ['OPPONENT_IS_IN_WAR', 'clanWar', '/error/19'],
    ['OPPONENT_IS_IN_WAR', 'friendlyWar', '/error/20'],
  ] as const)('match check-in refused with %s in a %s → %s', (code, war, route) => {
    expect(matchCheckInErrorRoute(atWar(code, war), false)).toBe(route);
    expect(verifyPlayersErrorRoute(atWar(code, war), false)).toBe(route);
  });

  it('segment check-in and the team pages (lock) switch the same way', () => {
    expect(segmentCheckInErrorRoute(atWar('CLAN_IS_IN_WAR', 'friendlyWar'), false)).toBe('/error/14');
    expect(segmentCheckInErrorRoute(atWar('CLAN_IS_IN_WAR', 'clanWar'), true)).toBe('/error/18');
    expect(teamErrorRoute(atWar('CLAN_IS_IN_WAR', 'friendlyWar'))).toBe('/error/14');
    expect(teamErrorRoute(atWar('CLAN_IS_IN_WAR', 'clanWar'))).toBe('/error/18');
  });
});

describe('error 34 (event not active)', () => {
  it("a team call refused with the server's EVENT_NOT_ACTIVE routes to /error/34", () => {
    const archived = new ApiError(
      400,
      'POST',
      '/api/clan/1.0/members',
      [{ status: '400', title: 'Event not active', code: 'EVENT_NOT_ACTIVE' }],
      null,
    );
    expect(teamErrorRoute(archived)).toBe('/error/34');
  });
});
