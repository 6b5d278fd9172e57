import type { EventResource } from '@cwh/contract';
import { HOME_TAB_COOKIE_MAX_AGE_MS, selectActiveEvent } from '@cwh/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { fetchEvents, fetchRootSegments } from '../features/events/events-api';
import type { HomeData } from '../features/events/home-page';
import { homeTabForLevel, homeTabs, parseHomeTab } from '../features/events/home-tab';
import { readCookie, writeCookie } from '../lib/cookies';
import { settle } from '../lib/loadable';
import { sessionReady } from './session-data';

/** The home tab (town hall level) last chosen, kept for 365 days (spec 9 home-tab cookie). */
export const HOME_TAB_COOKIE = 'home_tab';
const HOME_TAB_COOKIE_DAYS = HOME_TAB_COOKIE_MAX_AGE_MS / 86_400_000;

/**
 * The home tab: `?th=` (remembered in the cookie), else the cookie, else the one of the clan's
 * town hall level (spec 2), read once the session's initial load is done.
 */
async function pickTab(asked: string | null, tabs: number[], request: Request): Promise<number | null> {
  // The server renderer (entry-server.tsx) reads the request's cookie and renders a visitor's tab.
  const onServer = typeof document === 'undefined';
  const chosen = parseHomeTab(asked, tabs);
  if (chosen !== null) {
    if (!onServer) writeCookie(HOME_TAB_COOKIE, String(chosen), HOME_TAB_COOKIE_DAYS);
    return chosen;
  }
  const cookies = onServer ? (request.headers.get('cookie') ?? '') : undefined;
  const remembered = parseHomeTab(readCookie(HOME_TAB_COOKIE, cookies), tabs);
  if (remembered !== null) return remembered;
  if (tabs.length < 2) return tabs[0] ?? null;
  const session = await sessionReady();
  return homeTabForLevel(session.clan?.thLevel ?? session.thLevel, tabs);
}

function activeEvent(events: EventResource[], requestedId: string | null): EventResource | null {
  const picked = selectActiveEvent(
    events.map((event) => ({ id: event.id, date: event.attributes.date })),
    new Date(),
    requestedId,
  );
  return events.find((event) => event.id === picked?.id) ?? null;
}

/**
 * /: the events, the home tab (town hall level), the active event of that tab (spec 4 rule, or
 * `?event=`) and its stages. Unawaited: the home page shows at once (spec 2), with a loading card
 * until they arrive.
 */
export function homeLoader({ request }: LoaderFunctionArgs): HomeData {
  const url = new URL(request.url);
  const requestedId = url.searchParams.get('event');
  const { signal } = request;
  const home = settle(
    fetchEvents(signal).then(async (events) => {
      const tabs = homeTabs(events);
      const requested = events.find((event) => event.id === requestedId) ?? null;
      let tab = await pickTab(url.searchParams.get('th'), tabs, request);
      if (requested && (tab === null || !requested.attributes.thLevels.includes(tab)))
        tab = tabs.find((level) => requested.attributes.thLevels.includes(level)) ?? tab;
      const ofTab = tab === null ? events : events.filter((event) => event.attributes.thLevels.includes(tab));
      const active = requested ?? activeEvent(ofTab, null);
      const segments = active ? await fetchRootSegments(active.id, signal) : [];
      return { events, tabs, tab, active, segments };
    }),
  );
  return { home };
}
