import { useTranslation } from 'react-i18next';
import { Outlet, useLoaderData, useMatches } from 'react-router';
import { NotFoundPage } from '../features/errors/generic-error-page';
import { NoticeBell } from '../features/notices/notice-bell';
import { AccountLink } from '../features/session/account-link';
import { useInitialLoadStatus } from '../features/session/initial-load';
import { PageLoader } from '../features/shell/page-loader';
import { ProgressBar } from '../features/shell/progress-bar';
import { RouteAnnouncer } from '../features/shell/route-announcer';
import { SiteFooter } from '../features/shell/site-footer';
import { SiteHeader } from '../features/shell/site-header';
import { ErrorPageFlagProvider } from '../overlays/error-page-flag';
import { LazyOverlayHost } from '../overlays/lazy-overlay-host';
import type { RootData } from './root-loader';
import { useRevalidateOnSessionChange } from './session-data';

export interface RouteHandle {
  showAtOnce?: boolean;
}

/**
 * Default layout: skip link, progress bar, route announcer, header with tabs and language switcher,
 * page, footer, overlays (fetched once signed in).
 */
export function RootLayout() {
  const { t } = useTranslation('common');
  const { notFound } = useLoaderData() as RootData;
  const initialLoad = useInitialLoadStatus();
  useRevalidateOnSessionChange();
  // The home page shows at once; other pages wait for the session's initial load.
  const showAtOnce = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.showAtOnce);
  const waiting = initialLoad === 'pending' && !showAtOnce && !notFound;

  return (
    <ErrorPageFlagProvider>
      <a className="skip-link" href="#main" data-testid="skip-link">
        {t('skipToContent')}
      </a>
      <ProgressBar />
      <RouteAnnouncer />
      <div className="app">
        <SiteHeader
          account={
            <>
              <NoticeBell />
              <AccountLink />
            </>
          }
        />
        <main id="main" className="container main" tabIndex={-1}>
          {notFound ? <NotFoundPage /> : waiting ? <PageLoader /> : <Outlet />}
        </main>
        <SiteFooter />
      </div>
      <LazyOverlayHost />
    </ErrorPageFlagProvider>
  );
}
