import { CUP_TH_LEVELS, WORLD_FINALS } from './constants.js';
import { isLocale } from './locales.js';

/**
 * The SPA's pages (spec 2), the one route table the web's router (apps/web/src/routes/route-table.tsx)
 * and the server's not-found handler both read: the server answers a path no page matches with
 * HTTP 404 (and the SPA shell, which shows 'This page could not be found'), not 200.
 * Patterns are react-router paths relative to the optional locale prefix (`/fr/competition`):
 * `:name` is one segment, `*` the rest of the path, '' the home page.
 */
export const SPA_PAGES = {
  home: '',
  competition: 'competition',
  leaderboard: 'leaderboard',
  schedule: 'schedule',
  myClan: 'my-clan',
  changeCaptain: 'my-clan/change-captain',
  lockRoster: 'my-clan/lock-roster',
  manageTeam: 'my-clan/manage',
  withdraw: 'my-clan/withdraw',
  myClanWechat: 'my-clan/china/wechat',
  kickPlayer: 'my-clan/kick/:player',
  registrationWechat: 'registration/china/wechat',
  accountCreated: 'registration/feedback/account-creation-completed',
  captainPicked: 'registration/feedback/captain-pick-completed',
  profileAge: 'registration/profile/age',
  profileCreate: 'registration/profile/create',
  profileGate: 'registration/profile/gate',
  profileSuccess: 'registration/profile/success',
  profileVerify: 'registration/profile/verify',
  teamInvite: 'registration/team/invite',
  pickCaptain: 'registration/team/pick-captain',
  error: 'error',
  errorCode: 'error/:id',
  fatalError: 'fatal-error',
  fatalErrorMessage: 'fatal-error/:message',
  match: 'match',
  matchId: 'match/:id',
  worldFinals: 'world-finals',
  worldFinalsDay: 'world-finals/:day',
  townHallCup: 'town-hall-cup',
  townHallCupLevel: 'town-hall-cup/:level',
  // Issue 31: Contact Support when no external support link is configured.
  support: 'support',
  // Not in spec 2: the simulated game's console and war screen (dev/demo).
  simulator: 'simulator',
  simulatorWar: 'simulator/war/:warId',
  // Not in spec 2: the organizer console (its own routes below admin/).
  admin: 'admin/*',
  // Not in spec 2: a stage's bracket or standings for a stream overlay, without the site's chrome.
  broadcast: 'broadcast/:segmentId',
  // Issue #38: a player's profile, a team's records and an event's statistics.
  player: 'player/:tag',
  team: 'team/:rosterId',
  statistics: 'statistics',
  // Issue #34: the signed-in user's notifications (the notice log).
  notifications: 'notifications',
} as const;

export type SpaPage = keyof typeof SPA_PAGES;

/**
 * Parameters with a closed set of values: any other value is an unknown page (the page's loader
 * answers 404 too). World finals days of spec 9 and the town hall cup levels.
 */
export const SPA_PARAM_VALUES: Readonly<Record<string, readonly string[]>> = {
  day: WORLD_FINALS.matchesByDay.map((range) => `day-${range.day}`),
  level: CUP_TH_LEVELS.map(String),
};

function matchesPattern(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern === '' ? [] : pattern.split('/');
  for (const [index, part] of parts.entries()) {
    if (part === '*') return true;
    const segment = segments[index];
    if (segment === undefined) return false;
    if (part.startsWith(':')) {
      const allowed = SPA_PARAM_VALUES[part.slice(1)];
      if (allowed && !allowed.includes(segment)) return false;
    } else if (part !== segment) {
      return false;
    }
  }
  return segments.length === parts.length;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether a path (without the query) is a page of the SPA: an optional locale prefix, then one of
 * SPA_PAGES. Trailing slashes are ignored.
 */
export function isSpaPagePath(pathname: string): boolean {
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decode);
  const rest = isLocale(segments[0]) ? segments.slice(1) : segments;
  return Object.values(SPA_PAGES).some((pattern) => matchesPattern(pattern, rest));
}
