import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.js';
import { isSpaPagePath, SPA_PAGES, SPA_PARAM_VALUES } from './web-routes.js';

/** One concrete path per page, written out (not derived from SPA_PAGES). */
const PAGE_PATHS: Record<keyof typeof SPA_PAGES, string> = {
  home: '/',
  competition: '/competition',
  leaderboard: '/leaderboard',
  schedule: '/schedule',
  myClan: '/my-clan',
  changeCaptain: '/my-clan/change-captain',
  lockRoster: '/my-clan/lock-roster',
  manageTeam: '/my-clan/manage',
  withdraw: '/my-clan/withdraw',
  myClanWechat: '/my-clan/china/wechat',
  kickPlayer: '/my-clan/kick/%232PP0QJ8Y',
  registrationWechat: '/registration/china/wechat',
  accountCreated: '/registration/feedback/account-creation-completed',
  captainPicked: '/registration/feedback/captain-pick-completed',
  profileAge: '/registration/profile/age',
  profileCreate: '/registration/profile/create',
  profileGate: '/registration/profile/gate',
  profileSuccess: '/registration/profile/success',
  profileVerify: '/registration/profile/verify',
  teamInvite: '/registration/team/invite',
  pickCaptain: '/registration/team/pick-captain',
  error: '/error',
  errorCode: '/error/25',
  fatalError: '/fatal-error',
  fatalErrorMessage: '/fatal-error/Something%20broke',
  match: '/match',
  matchId: '/match/3f1c2a4e-0000-4000-8000-000000000001',
  worldFinals: '/world-finals',
  worldFinalsDay: '/world-finals/day-2',
  townHallCup: '/town-hall-cup',
  townHallCupLevel: '/town-hall-cup/12',
  support: '/support',
  simulator: '/simulator',
  simulatorWar: '/simulator/war/w-17',
  admin: '/admin/events',
  broadcast: '/broadcast/3f1c2a4e-0000-4000-8000-000000000002',
  player: '/player/P2Q8LUJ0',
  team: '/team/3f1c2a4e-0000-4000-8000-000000000003',
  statistics: '/statistics',
  notifications: '/notifications',
};

describe('isSpaPagePath', () => {
  it.each(Object.entries(PAGE_PATHS))(
    '%s: %s is a page, with a locale prefix and a trailing slash too',
    (_page, path) => {
      expect(isSpaPagePath(path)).toBe(true);
      expect(isSpaPagePath(`/fr${path}`)).toBe(true);
      expect(isSpaPagePath(`${path}/`)).toBe(true);
    },
  );

  it('every page of SPA_PAGES has its path above', () => {
    expect(Object.keys(PAGE_PATHS).sort()).toEqual(Object.keys(SPA_PAGES).sort());
  });

  it.each([
    ['an unknown page', '/nope'],
    ['a page with one segment too many', '/competition/extra'],
    ['a parameter page without its parameter', '/my-clan/kick'],
    ['a parameter page with one segment too many', '/match/1/2'],
    ['a prefix of a page', '/registration/profile'],
    ['an unknown locale prefix', '/xx/competition'],
    ['a locale prefix twice', '/fr/de/competition'],
    ['a world finals day that does not exist', '/world-finals/day-4'],
    ['a day without its prefix', '/world-finals/2'],
    ['a cup level that is not a cup level', '/town-hall-cup/17'],
  ])('%s is not a page (%s)', (_what, path) => {
    expect(isSpaPagePath(path)).toBe(false);
  });

  it('the home page with any locale, and empty segments ignored', () => {
    for (const locale of LOCALES) expect(isSpaPagePath(`/${locale}`)).toBe(true);
    expect(isSpaPagePath('')).toBe(true);
    expect(isSpaPagePath('//competition//')).toBe(true);
  });

  it('the organizer console: admin/ and anything under it', () => {
    expect(isSpaPagePath('/admin')).toBe(true);
    expect(isSpaPagePath('/admin/events/1/segments/2')).toBe(true);
    expect(isSpaPagePath('/administrator')).toBe(false);
  });

  it('segments are compared decoded; one that does not decode is compared as it is', () => {
    expect(isSpaPagePath('/my%2Dclan/manage')).toBe(true);
    expect(isSpaPagePath('/world-finals/day%2D1')).toBe(true);
    // A malformed escape: not decodable, still a value of a free parameter, not a fixed segment.
    expect(isSpaPagePath('/match/%E0%A4%A')).toBe(true);
    expect(isSpaPagePath('/competition%E0%A4%A')).toBe(false);
  });

  it('closed parameters: the world finals days and the cup levels', () => {
    expect(SPA_PARAM_VALUES).toEqual({ day: ['day-1', 'day-2', 'day-3'], level: ['9', '12', '15'] });
    for (const day of ['day-1', 'day-2', 'day-3']) expect(isSpaPagePath(`/world-finals/${day}`)).toBe(true);
    for (const level of ['9', '12', '15']) expect(isSpaPagePath(`/town-hall-cup/${level}`)).toBe(true);
  });

  it('a free parameter takes any one segment', () => {
    const segment = fc
      .string({ minLength: 1 })
      .filter((s) => !s.includes('/') && !s.includes('%'))
      .map(encodeURIComponent);
    fc.assert(
      fc.property(segment, (value) => {
        expect(isSpaPagePath(`/match/${value}`)).toBe(true);
        expect(isSpaPagePath(`/match/${value}/more`)).toBe(false);
      }),
    );
  });
});
