export interface AppRoute {
  path: string;
  page: string;
  needsSession?: boolean;
  /** The page's title is a name (a player's, a team's), the same in every language. */
  namedTitle?: boolean;
}

/** A demo player whose tag the simulated clans fix (sim-demo-ladder-dataset.ts: Desert Vipers). */
export const DEMO_PLAYER_TAG = '8QL2J00';
/** Stands for the demo player's team in a path: its roster id is drawn anew by each hub's seed. */
const DEMO_TEAM = ':demo-team';

/** Every route of spec section 2 with the page it must show, and the public pages added since. */
export const ROUTES: AppRoute[] = [
  { path: '/', page: 'home' },
  { path: '/competition', page: 'competition' },
  { path: '/leaderboard', page: 'leaderboard' },
  { path: '/schedule', page: 'schedule' },
  { path: '/my-clan', page: 'my-clan', needsSession: true },
  { path: '/my-clan/change-captain', page: 'my-clan-change-captain', needsSession: true },
  { path: '/my-clan/lock-roster', page: 'my-clan-lock-roster', needsSession: true },
  { path: '/my-clan/manage', page: 'my-clan-manage', needsSession: true },
  { path: '/my-clan/withdraw', page: 'my-clan-withdraw', needsSession: true },
  { path: '/my-clan/china/wechat', page: 'my-clan-china-wechat', needsSession: true },
  { path: '/my-clan/kick/%23LQ2Y002', page: 'my-clan-kick', needsSession: true },
  { path: '/registration/china/wechat', page: 'registration-china-wechat' },
  {
    path: '/registration/feedback/account-creation-completed',
    page: 'registration-feedback-account-creation-completed',
  },
  {
    path: '/registration/feedback/captain-pick-completed',
    page: 'registration-feedback-captain-pick-completed',
  },
  { path: '/registration/profile/age', page: 'registration-profile-age' },
  { path: '/registration/profile/create', page: 'registration-profile-create', needsSession: true },
  { path: '/registration/profile/gate', page: 'registration-profile-gate' },
  { path: '/registration/profile/success', page: 'registration-profile-success' },
  { path: '/registration/profile/verify', page: 'registration-profile-verify' },
  { path: '/registration/team/invite', page: 'registration-team-invite', needsSession: true },
  { path: '/registration/team/pick-captain', page: 'registration-team-pick-captain', needsSession: true },
  { path: '/error', page: 'error' },
  { path: '/error/11', page: 'error' },
  { path: '/fatal-error', page: 'fatal-error' },
  { path: '/fatal-error/Something%20broke', page: 'fatal-error' },
  // Without an id: the player's next or live match, else (a visitor, as here) the schedule.
  { path: '/match', page: 'schedule' },
  { path: '/match/42', page: 'match' },
  { path: '/world-finals', page: 'world-finals' },
  { path: '/world-finals/day-1', page: 'world-finals-day-1' },
  { path: '/world-finals/day-2', page: 'world-finals-day-2' },
  { path: '/world-finals/day-3', page: 'world-finals-day-3' },
  { path: '/town-hall-cup/12', page: 'town-hall-cup' },
  { path: '/notifications', page: 'notifications', needsSession: true },
  // Issue #38: a player's profile, a team's records page and the event's statistics (public).
  { path: `/player/${DEMO_PLAYER_TAG}`, page: 'player', namedTitle: true },
  { path: `/team/${DEMO_TEAM}`, page: 'team', namedTitle: true },
  { path: '/statistics', page: 'statistics' },
];

/**
 * ROUTES on the hub at `baseURL`: the demo team's path gets the roster id of the demo player's
 * current team, read from the player's public profile.
 */
export async function routesOf(baseURL: string): Promise<AppRoute[]> {
  const response = await fetch(
    `${baseURL}/api/tournaments/1.0/player-profiles/${encodeURIComponent(`#${DEMO_PLAYER_TAG}`)}`,
    { headers: { accept: 'application/vnd.api+json' } },
  );
  if (!response.ok) throw new Error(`the demo player's profile answered ${response.status}`);
  const profile = (await response.json()) as {
    data: { attributes: { currentTeam: { rosterId: string } | null } };
  };
  const team = profile.data.attributes.currentTeam;
  if (!team) throw new Error('the demo player has no current team');
  return ROUTES.map((route) => ({ ...route, path: route.path.replace(DEMO_TEAM, team.rosterId) }));
}
