import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { startSession } from './features/session/load-session';
import { bindRealtimeToSession } from './features/session/realtime-binding';
import { initI18n, preloadLocale } from './i18n/i18n';
import { detectBrowserLocale, localizePath, splitLocalePath } from './i18n/locale';
import { handleChunkLoadError } from './lib/chunk-reload';
import { installGlobalErrorReporting } from './lib/error-reporter';
import { prefetchOverlaysOnSignIn } from './overlays/lazy-overlay-host';
import { routes } from './routes/route-table';
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

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  </StrictMode>,
);
