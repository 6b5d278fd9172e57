import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, type HydrationState, matchRoutes, RouterProvider } from 'react-router';
import { startSession } from './features/session/load-session';
import { bindRealtimeToSession } from './features/session/realtime-binding';
import { initI18n, loadLocale, preloadLocale } from './i18n/i18n';
import { detectBrowserLocale, localizePath, splitLocalePath } from './i18n/locale';
import { handleChunkLoadError } from './lib/chunk-reload';
import { renderTimesIn } from './lib/dates';
import { installGlobalErrorReporting } from './lib/error-reporter';
import { prefetchOverlaysOnSignIn } from './overlays/lazy-overlay-host';
import type { RootData } from './routes/root-loader';
import { routes } from './routes/route-table';
import { markLoadersReadSession } from './routes/session-data';
import './styles/global.css';
// The overlays' styles stay in the first stylesheet although their code loads after sign-in: the
// ladder and stage pages share them (the tab bar's active state, for one), signed in or not.
import './overlays/ladder.css';
import './features/checkins/checkins.css';

const i18n = initI18n();
// The language the root loader will pick: its shell texts (and the first page's) start loading now.
preloadLocale(detectBrowserLocale(window.location.pathname));

installGlobalErrorReporting(handleChunkLoadError);
// Vite's own signal that a preloaded chunk is gone (typically after a deploy).
window.addEventListener('vite:preloadError', (event) => {
  if (handleChunkLoadError((event as Event & { payload?: unknown }).payload ?? new Error('ChunkLoadError'))) {
    event.preventDefault();
  }
});

/**
 * A public page the server rendered (entry-server.tsx) comes with its loaders' data (a JSON block:
 * the CSP refuses inline scripts). The page's language, route chunks and texts are loaded first, so
 * the first render is the server's HTML and React hydrates it instead of replacing it.
 */
const hydrationBlock = document.getElementById('router-hydration-data');
const hydrationData = hydrationBlock?.textContent
  ? (JSON.parse(hydrationBlock.textContent) as HydrationState)
  : undefined;
if (hydrationData) {
  const rootData = hydrationData.loaderData?.root as RootData | undefined;
  if (rootData) await loadLocale(rootData.locale);
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  // The server's loaders read a visitor's session: a player's, once loaded, reloads the page's data.
  markLoadersReadSession();
  renderTimesIn('UTC');
}

/**
 * Once the server's HTML is hydrated (or the app rendered), <html data-interactive> says so, and
 * dates are shown in the viewer's own zone: the texts'
 * components render again (react-i18next re-renders on languageChanged). Renders nothing, as its
 * counterpart in entry-server.tsx, so both trees are the same.
 */
function ViewerTimesAfterHydration() {
  useEffect(() => {
    // The app now handles taps itself (a link tapped on the server's HTML before this is a page load).
    document.documentElement.dataset.interactive = 'true';
    if (!hydrationData) return;
    renderTimesIn(null);
    i18n.emit('languageChanged', i18n.language);
  }, []);
  return null;
}

// React Router reads the data from where its own server provider puts it, and revives the errors in it
// (a loader's 404, an Error) as what the server rendered.
if (hydrationData) Object.assign(window, { __staticRouterHydrationData: hydrationData });
const router = createBrowserRouter(routes);
// A signed-in player's overlays (match found has a 15 s accept window) are fetched at sign-in.
prefetchOverlaysOnSignIn();
// The live connection follows the session's hub user (sign-in, registration, switch of player).
bindRealtimeToSession();

// Spec 4 "Initial load": launch parameters, game-user lookup, session; fatal answers route away.
void startSession({
  navigate: (path) => {
    const { locale } = splitLocalePath(window.location.pathname);
    void router.navigate(localizePath(path, locale));
  },
});
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <ViewerTimesAfterHydration />
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  </StrictMode>
);
if (hydrationData) hydrateRoot(container, app);
else createRoot(container).render(app);
