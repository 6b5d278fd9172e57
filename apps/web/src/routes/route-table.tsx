import { SPA_PAGES } from '@cwh/domain';
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { BootShell } from '../features/shell/boot-shell';
import { PageLoader } from '../features/shell/page-loader';
import { loadNamespaces } from '../i18n/i18n';
import { ROUTE_NAMESPACES, type RouteModule } from '../i18n/namespaces';
import { prefetchWhenIdle, withPageDataMinDelay } from '../lib/page-loading';
import { RootLayout, type RouteHandle } from './root-layout';
import { rootLoader, shouldRevalidateRoot } from './root-loader';

type Loader<M> = () => Promise<M>;

/** A route module's chunk (`load`, also prefetched when idle) and its translations. */
interface Chunk<M> {
  load: Loader<M>;
  /** The chunk and the namespaces it needs in the page's language: the page renders after both. */
  withTexts: Loader<M>;
}

function chunk<M>(name: RouteModule, load: Loader<M>): Chunk<M> {
  return {
    load,
    withTexts: async () => (await Promise.all([load(), loadNamespaces(ROUTE_NAMESPACES[name])]))[0],
  };
}

/**
 * A lazily loaded page: `load` imports the route module and its texts, `pick` names its component,
 * or its component and data loader (pages read their server data through loaders, not effects).
 */
function page<M>(
  path: string,
  { withTexts }: Chunk<M>,
  pick: (module: M) => ComponentType | [ComponentType, LoaderFunction],
): RouteObject {
  const lazy = async () => {
    const picked = pick(await withTexts());
    return Array.isArray(picked)
      ? { Component: picked[0], loader: withPageDataMinDelay(picked[1]) }
      : { Component: picked };
  };
  return path === '' ? { index: true, lazy } : { path, lazy };
}

/** The broadcast layout (`broadcast`) and its page (`:segmentId`), from SPA_PAGES.broadcast. */
const [BROADCAST_PREFIX, BROADCAST_PAGE] = SPA_PAGES.broadcast.split('/') as [string, string];

/**
 * Pages shown without waiting for the session's initial load: home (spec 2), the error pages, and
 * the public pages the server prerenders (entry-server.tsx), whose loaders wait for the session
 * themselves: the hydrated page stays on screen while the browser's session loads.
 */
const SHOW_AT_ONCE: RouteHandle = { showAtOnce: true };

const home = chunk('home', () => import('./home'));
const myClan = chunk('my-clan', () => import('./my-clan'));
const registration = chunk('registration', () => import('./registration'));
const errors = chunk('errors', () => import('./errors'));
const simulator = chunk('simulator', () => import('./simulator'));
const ladder = chunk('ladder', () => import('./ladder'));
const match = chunk('match', () => import('./match'));
const admin = chunk('admin', () => import('./admin'));
const finals = chunk('finals', () => import('./finals'));
const broadcast = chunk('broadcast', () => import('./broadcast'));
const statistics = chunk('statistics', () => import('./statistics'));
const notices = chunk('notices', () => import('./notices'));

/**
 * Every page chunk, fetched when the browser is idle after the first page (spec 9 idle prefetch);
 * their texts are fetched when a page is opened.
 */
const PAGE_MODULES = [home, myClan, registration, errors, ladder, match, finals].map((c) => c.load);

/** The root loader, which also schedules the idle prefetch of the page chunks. */
const loadRoot: LoaderFunction = (args) => {
  prefetchWhenIdle(PAGE_MODULES);
  return rootLoader(args);
};

/**
 * Every page of spec 2; all of them also answer under a locale prefix (`/fr/competition`). The paths
 * come from SPA_PAGES (domain), which the server reads to answer unknown pages with a 404.
 */
export const pageRoutes: RouteObject[] = [
  {
    ...page(SPA_PAGES.home, home, (m) => [m.HomePage, m.homeLoader]),
    handle: SHOW_AT_ONCE,
  },
  {
    ...page(SPA_PAGES.competition, ladder, (m) => [m.CompetitionPage, m.competitionLoader]),
    handle: SHOW_AT_ONCE,
  },
  {
    ...page(SPA_PAGES.leaderboard, ladder, (m) => [m.LeaderboardPage, m.leaderboardLoader]),
    handle: SHOW_AT_ONCE,
  },
  { ...page(SPA_PAGES.schedule, ladder, (m) => [m.SchedulePage, m.scheduleLoader]), handle: SHOW_AT_ONCE },
  page(SPA_PAGES.myClan, myClan, (m) => [m.MyClanPage, m.myClanLoader]),
  page(SPA_PAGES.changeCaptain, myClan, (m) => m.ChangeCaptainPage),
  page(SPA_PAGES.lockRoster, myClan, (m) => m.LockRosterPage),
  page(SPA_PAGES.manageTeam, myClan, (m) => m.ManageTeamPage),
  page(SPA_PAGES.withdraw, myClan, (m) => m.WithdrawPage),
  page(SPA_PAGES.myClanWechat, myClan, (m) => [m.MyClanWechatPage, m.wechatLoader]),
  page(SPA_PAGES.kickPlayer, myClan, (m) => m.KickPlayerPage),
  page(SPA_PAGES.registrationWechat, registration, (m) => [m.RegistrationWechatPage, m.wechatLoader]),
  page(SPA_PAGES.accountCreated, registration, (m) => m.AccountCreatedPage),
  page(SPA_PAGES.captainPicked, registration, (m) => m.CaptainPickedPage),
  page(SPA_PAGES.profileAge, registration, (m) => m.ProfileAgePage),
  page(SPA_PAGES.profileCreate, registration, (m) => m.ProfileCreatePage),
  page(SPA_PAGES.profileGate, registration, (m) => m.ProfileGatePage),
  page(SPA_PAGES.profileSuccess, registration, (m) => m.ProfileSuccessPage),
  page(SPA_PAGES.profileVerify, registration, (m) => m.ProfileVerifyPage),
  page(SPA_PAGES.teamInvite, registration, (m) => m.TeamInvitePage),
  page(SPA_PAGES.pickCaptain, registration, (m) => m.PickCaptainPage),
  { ...page(SPA_PAGES.error, errors, (m) => m.ErrorCodePage), handle: SHOW_AT_ONCE },
  { ...page(SPA_PAGES.errorCode, errors, (m) => m.ErrorCodePage), handle: SHOW_AT_ONCE },
  { ...page(SPA_PAGES.fatalError, errors, (m) => m.FatalErrorPage), handle: SHOW_AT_ONCE },
  { ...page(SPA_PAGES.fatalErrorMessage, errors, (m) => m.FatalErrorPage), handle: SHOW_AT_ONCE },
  { ...page(SPA_PAGES.support, errors, (m) => m.SupportPage), handle: SHOW_AT_ONCE },
  page(SPA_PAGES.match, match, (m) => [m.MatchPage, m.matchLoader]),
  // Spec 2 "World Championship Finals Day 1, 2 and 3 pages" and "Town Hall Cup pages".
  {
    ...page(SPA_PAGES.worldFinals, finals, (m) => [m.WorldFinalsPage, m.worldFinalsLoader]),
    handle: SHOW_AT_ONCE,
  },
  {
    ...page(SPA_PAGES.worldFinalsDay, finals, (m) => [m.WorldFinalsPage, m.worldFinalsLoader]),
    handle: SHOW_AT_ONCE,
  },
  {
    path: SPA_PAGES.townHallCup,
    lazy: async () => ({ loader: (await finals.load()).townHallCupIndexLoader }),
  },
  {
    ...page(SPA_PAGES.townHallCupLevel, finals, (m) => [m.TownHallCupPage, m.townHallCupLoader]),
    handle: SHOW_AT_ONCE,
  },
  // Not in spec 2: the simulated game's console (dev/demo), shown at once.
  { ...page(SPA_PAGES.simulator, simulator, (m) => m.SimulatorPage), handle: SHOW_AT_ONCE },
  page(SPA_PAGES.matchId, match, (m) => [m.MatchPage, m.matchLoader]),
  // Not in spec 2: the simulated game's war screen, target of the war deep link.
  {
    ...page(SPA_PAGES.simulatorWar, match, (m) => [m.SimWarPage, m.simWarLoader]),
    handle: SHOW_AT_ONCE,
  },
  // Not in spec 2: the organizer console (staff sign-in, no player session needed).
  { ...page(SPA_PAGES.admin, admin, (m) => m.AdminConsole), handle: SHOW_AT_ONCE },
  // Issue #38: public profiles, team records and event statistics.
  page(SPA_PAGES.player, statistics, (m) => [m.PlayerProfilePage, m.playerProfileLoader]),
  page(SPA_PAGES.team, statistics, (m) => [m.TeamStatisticsPage, m.teamStatisticsLoader]),
  page(SPA_PAGES.statistics, statistics, (m) => [m.EventStatisticsPage, m.eventStatisticsLoader]),
  // Issue #34: the signed-in user's notice log.
  page(SPA_PAGES.notifications, notices, (m) => [m.NoticesPage, m.noticesLoader]),
  { ...page('*', errors, (m) => m.NotFoundPage), handle: SHOW_AT_ONCE },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/:locale?',
    loader: loadRoot,
    shouldRevalidate: shouldRevalidateRoot,
    Component: RootLayout,
    HydrateFallback: BootShell,
    errorElement: <RouteErrorPage />,
    // Page errors render inside the layout, so the header and language switcher stay usable.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
  // Not in spec 2: a stage's bracket or standings for a stream overlay, without the site's chrome
  // (no header, footer, overlays); with and without the locale prefix like every page.
  {
    id: 'broadcast',
    path: `/:locale?/${BROADCAST_PREFIX}`,
    loader: loadRoot,
    shouldRevalidate: shouldRevalidateRoot,
    lazy: async () => ({ Component: (await broadcast.withTexts()).BroadcastLayout }),
    HydrateFallback: () => <PageLoader fullscreen />,
    errorElement: <RouteErrorPage />,
    children: [
      page(BROADCAST_PAGE, broadcast, (m) => [m.BroadcastPage, m.broadcastLoader]),
      page('', errors, (m) => m.NotFoundPage),
    ],
  },
];
