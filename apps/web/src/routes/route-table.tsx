import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { PageLoader } from '../features/shell/page-loader';
import { RootLayout, type RouteHandle } from './root-layout';
import { rootLoader, shouldRevalidateRoot } from './root-loader';

type Loader<M> = () => Promise<M>;

/**
 * A lazily loaded page: `load` imports the route module, `pick` names its component, or its
 * component and data loader (pages read their server data through loaders, not effects).
 */
function page<M>(
  path: string | undefined,
  load: Loader<M>,
  pick: (module: M) => ComponentType | [ComponentType, LoaderFunction],
): RouteObject {
  const lazy = async () => {
    const picked = pick(await load());
    return Array.isArray(picked) ? { Component: picked[0], loader: picked[1] } : { Component: picked };
  };
  return path === undefined ? { index: true, lazy } : { path, lazy };
}

/** Pages shown without waiting for the session's initial load: home (spec 2) and the error pages. */
const SHOW_AT_ONCE: RouteHandle = { showAtOnce: true };

const home = () => import('./home');
const myClan = () => import('./my-clan');
const registration = () => import('./registration');
const errors = () => import('./errors');
const simulator = () => import('./simulator');
const ladder = () => import('./ladder');
const admin = () => import('./admin');
const finals = () => import('./finals');
const broadcast = () => import('./broadcast');

/** Every page of spec 2; all of them also answer under a locale prefix (`/fr/competition`). */
export const pageRoutes: RouteObject[] = [
  {
    ...page(undefined, home, (m) => [m.HomePage, m.homeLoader]),
    handle: SHOW_AT_ONCE,
  },
  page('competition', ladder, (m) => [m.CompetitionPage, m.competitionLoader]),
  page('leaderboard', ladder, (m) => [m.LeaderboardPage, m.leaderboardLoader]),
  page('schedule', ladder, (m) => [m.SchedulePage, m.scheduleLoader]),
  page('my-clan', myClan, (m) => [m.MyClanPage, m.myClanLoader]),
  page('my-clan/change-captain', myClan, (m) => m.ChangeCaptainPage),
  page('my-clan/lock-roster', myClan, (m) => m.LockRosterPage),
  page('my-clan/manage', myClan, (m) => m.ManageTeamPage),
  page('my-clan/withdraw', myClan, (m) => m.WithdrawPage),
  page('my-clan/china/wechat', myClan, (m) => [m.MyClanWechatPage, m.wechatLoader]),
  page('my-clan/kick/:player', myClan, (m) => m.KickPlayerPage),
  page('registration/china/wechat', registration, (m) => [m.RegistrationWechatPage, m.wechatLoader]),
  page('registration/feedback/account-creation-completed', registration, (m) => m.AccountCreatedPage),
  page('registration/feedback/captain-pick-completed', registration, (m) => m.CaptainPickedPage),
  page('registration/profile/age', registration, (m) => m.ProfileAgePage),
  page('registration/profile/create', registration, (m) => m.ProfileCreatePage),
  page('registration/profile/gate', registration, (m) => m.ProfileGatePage),
  page('registration/profile/success', registration, (m) => m.ProfileSuccessPage),
  page('registration/profile/verify', registration, (m) => m.ProfileVerifyPage),
  page('registration/team/invite', registration, (m) => m.TeamInvitePage),
  page('registration/team/pick-captain', registration, (m) => m.PickCaptainPage),
  { ...page('error', errors, (m) => m.ErrorCodePage), handle: SHOW_AT_ONCE },
  { ...page('error/:id', errors, (m) => m.ErrorCodePage), handle: SHOW_AT_ONCE },
  { ...page('fatal-error', errors, (m) => m.FatalErrorPage), handle: SHOW_AT_ONCE },
  { ...page('fatal-error/:message', errors, (m) => m.FatalErrorPage), handle: SHOW_AT_ONCE },
  page('match', ladder, (m) => [m.MatchPage, m.matchLoader]),
  // Spec 2 "World Championship Finals Day 1, 2 and 3 pages" and "Town Hall Cup pages".
  page('world-finals', finals, (m) => [m.WorldFinalsPage, m.worldFinalsLoader]),
  page('world-finals/:day', finals, (m) => [m.WorldFinalsPage, m.worldFinalsLoader]),
  { path: 'town-hall-cup', lazy: async () => ({ loader: (await finals()).townHallCupIndexLoader }) },
  page('town-hall-cup/:level', finals, (m) => [m.TownHallCupPage, m.townHallCupLoader]),
  // Not in spec 2: the simulated game's console (dev/demo), shown at once.
  { ...page('simulator', simulator, (m) => m.SimulatorPage), handle: SHOW_AT_ONCE },
  page('match/:id', ladder, (m) => [m.MatchPage, m.matchLoader]),
  // Not in spec 2: the simulated game's war screen, target of the war deep link.
  {
    ...page('simulator/war/:warId', ladder, (m) => [m.SimWarPage, m.simWarLoader]),
    handle: SHOW_AT_ONCE,
  },
  // Not in spec 2: the organizer console (staff sign-in, no player session needed).
  { ...page('admin/*', admin, (m) => m.AdminConsole), handle: SHOW_AT_ONCE },
  { ...page('*', errors, (m) => m.NotFoundPage), handle: SHOW_AT_ONCE },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/:locale?',
    loader: rootLoader,
    shouldRevalidate: shouldRevalidateRoot,
    Component: RootLayout,
    HydrateFallback: () => <PageLoader fullscreen />,
    errorElement: <RouteErrorPage />,
    // Page errors render inside the layout, so the header and language switcher stay usable.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
  // Not in spec 2: a stage's bracket or standings for a stream overlay, without the site's chrome
  // (no header, footer, overlays); with and without the locale prefix like every page.
  {
    id: 'broadcast',
    path: '/:locale?/broadcast',
    loader: rootLoader,
    shouldRevalidate: shouldRevalidateRoot,
    lazy: async () => ({ Component: (await broadcast()).BroadcastLayout }),
    HydrateFallback: () => <PageLoader fullscreen />,
    errorElement: <RouteErrorPage />,
    children: [
      page(':segmentId', broadcast, (m) => [m.BroadcastPage, m.broadcastLoader]),
      page(undefined, errors, (m) => m.NotFoundPage),
    ],
  },
];
