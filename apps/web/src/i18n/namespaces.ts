/**
 * Translation namespaces, and which of them each part of the app needs (issue 11: only the
 * namespaces a route needs are loaded). No texts here: the build's budget check (e2e) and the
 * benches read this file too.
 */
export const NAMESPACES = [
  'common',
  'home',
  'pages',
  'errors',
  'session',
  'registration',
  'teams',
  'simulator',
  'ladder',
  'matches',
  'war',
  'officialwar',
  'leaderboard',
  'admin',
  'adminstages',
  'adminusers',
  'checkins',
  'chataccount',
  'finals',
  'brackets',
  'adminmatches',
  'adminperiods',
  'adminrosters',
  'pickban',
  'adminpickban',
  'stages',
  'matchdetail',
  'teamchat',
  'matchchat',
  'disputes',
  'adminnames',
  'statistics',
  'notices',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the first chunk renders whatever the page: layout, header, footer, error pages, session.
 * English ones are bundled in the first chunk; another language's are fetched before the first render.
 */
export const SHELL_NAMESPACES = ['common', 'errors', 'session'] as const satisfies readonly Namespace[];

/**
 * What the realtime overlays (overlays/overlay-host.tsx, a chunk fetched once a player is signed in)
 * use beyond the shell's; fetched with the overlays' chunk, not before the first render.
 */
export const OVERLAY_NAMESPACES: readonly Namespace[] = [
  'checkins',
  'ladder',
  'matches',
  'officialwar',
  'pickban',
  'teams',
];

/** The route modules of `routes/` (each a lazy chunk of the route table). */
export type RouteModule =
  | 'home'
  | 'my-clan'
  | 'registration'
  | 'errors'
  | 'simulator'
  | 'ladder'
  | 'match'
  | 'admin'
  | 'finals'
  | 'broadcast'
  | 'statistics'
  | 'notices';

/**
 * The namespaces a route module uses beyond the shell's, fetched with its chunk; the route renders
 * once both are in. `route-namespaces.test.ts` reads the module's imports and fails when one is missing.
 */
export const ROUTE_NAMESPACES: Readonly<Record<RouteModule, readonly Namespace[]>> = {
  home: ['home', 'finals', 'stages'],
  'my-clan': ['chataccount', 'checkins', 'matches', 'officialwar', 'teamchat', 'teams'],
  registration: ['registration', 'stages', 'teams'],
  errors: [],
  simulator: ['simulator', 'teams'],
  ladder: [
    'brackets',
    'checkins',
    'finals',
    'ladder',
    'leaderboard',
    'matchdetail',
    'matches',
    'pages',
    'stages',
    'teams',
  ],
  match: [
    'brackets',
    'disputes',
    'finals',
    'ladder',
    'leaderboard',
    'matchchat',
    'matchdetail',
    'matches',
    'officialwar',
    'pages',
    'pickban',
    'stages',
    'war',
  ],
  admin: [
    'admin',
    'adminmatches',
    'adminnames',
    'adminperiods',
    'adminpickban',
    'adminrosters',
    'adminstages',
    'adminusers',
    'disputes',
    'finals',
  ],
  finals: ['brackets', 'finals', 'leaderboard', 'matches'],
  broadcast: ['brackets', 'matches', 'pickban', 'stages'],
  statistics: ['statistics'],
  notices: ['notices'],
};
