import { type ConsoleSection, consoleSections, formatPermissions } from '@cwh/domain';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../shell/page-loader';
import { endSession, signIn, useAdminSession } from './console/admin-session';
import { Field, useAction } from './console/admin-ui';
import './admin.css';

// Each console page is its own chunk: support staff never download the season editor.
const EventsPage = lazy(() => import('./events/events-page').then((m) => ({ default: m.EventsPage })));
const UsersPage = lazy(() => import('./users/users-page').then((m) => ({ default: m.UsersPage })));
const ActivityLogPage = lazy(() =>
  import('./activity-log/activity-log-page').then((m) => ({ default: m.ActivityLogPage })),
);
const PasswordResetPage = lazy(() =>
  import('./users/password-reset-page').then((m) => ({ default: m.PasswordResetPage })),
);
const OutboxPage = lazy(() => import('./mail/outbox-page').then((m) => ({ default: m.OutboxPage })));
const StagesIndex = lazy(() => import('./brackets/stages-page').then((m) => ({ default: m.StagesIndex })));
const StagePage = lazy(() => import('./brackets/stages-page').then((m) => ({ default: m.StagePage })));
const MatchSeriesPage = lazy(() =>
  import('./match-series/match-series-page').then((m) => ({ default: m.MatchSeriesPage })),
);
const RostersPage = lazy(() => import('./rosters/rosters-page').then((m) => ({ default: m.RostersPage })));
const DisputeQueuePage = lazy(() =>
  import('./disputes/dispute-queue-page').then((m) => ({ default: m.DisputeQueuePage })),
);
const CheckinReviewPage = lazy(() =>
  import('./rosters/checkin-review-page').then((m) => ({ default: m.CheckinReviewPage })),
);

/** Menu label of each console page (namespace-qualified keys). */
const SECTION_LABEL: Record<ConsoleSection, string> = {
  events: 'nav.events',
  stages: 'adminstages:nav',
  'match-series': 'adminmatches:nav',
  disputes: 'disputes:queue.nav',
  rosters: 'adminrosters:nav.rosters',
  checkins: 'adminrosters:nav.checkins',
  users: 'nav.users',
  activity: 'nav.activity',
  outbox: 'nav.outbox',
};

const SECTION_PATH: Record<ConsoleSection, string> = {
  events: 'events',
  stages: 'stages',
  'match-series': 'match-series',
  disputes: 'disputes',
  rosters: 'rosters',
  checkins: 'checkins',
  users: 'users',
  activity: 'activity',
  outbox: 'outbox',
};

const SECTION_PAGE: Record<ConsoleSection, ReactNode> = {
  events: <EventsPage />,
  stages: <StagesIndex />,
  'match-series': <MatchSeriesPage />,
  disputes: <DisputeQueuePage />,
  rosters: <RostersPage />,
  checkins: <CheckinReviewPage />,
  users: <UsersPage />,
  activity: <ActivityLogPage />,
  outbox: <OutboxPage />,
};

function SignIn() {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { run, busy, message, setStatus } = useAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const outcome = { value: 'ok' as 'ok' | 'notStaff' };
    const ok = await run(async () => {
      outcome.value = await signIn(email, password);
    });
    if (ok && outcome.value === 'notStaff') setStatus({ kind: 'error', text: t('signIn.notStaff') });
  }
  return (
    <form className="admin-card admin-sign-in" onSubmit={submit} data-testid="admin-sign-in">
      <h2>{t('signIn.title')}</h2>
      <Field label={t('signIn.email')}>
        <input
          className="input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </Field>
      <Field label={t('signIn.password')}>
        <input
          className="input"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </Field>
      <button className="button button--primary" type="submit" disabled={busy}>
        {t('signIn.submit')}
      </button>
      {message}
    </form>
  );
}

/** /admin/…: the organizer console (events and seasons, users, activity log, mail outbox). */
export function AdminConsole() {
  const { t } = useTranslation('admin');
  const session = useAdminSession();
  // The reset link from the mail is opened signed out, so it bypasses the staff sign-in.
  const { pathname } = useLocation();
  const isResetLink = pathname.endsWith('/admin/password-reset');
  // Links are absolute from the console's root (with any locale prefix): relative links inside a
  // splat route resolve against the current sub-page.
  const base = pathname.slice(0, pathname.indexOf('/admin') + '/admin'.length);
  // Only the pages the signed-in staff member may use (domain consoleSections, one rule).
  const sections = session ? consoleSections(session.permissions) : [];
  const navigate = useNavigate();
  // Signing out returns to the console's start, so whoever signs in next lands on their own first
  // page, not on the page the previous staff member left open (perhaps not part of their role).
  const leave = () => {
    navigate(base);
    void endSession();
  };
  return (
    <div className="page admin" data-testid="page-admin">
      <h1 className="page__title">{t('title')}</h1>
      {isResetLink ? (
        <Suspense fallback={<PageLoader />}>
          <PasswordResetPage />
        </Suspense>
      ) : !session ? (
        <SignIn />
      ) : (
        <>
          <div className="admin-bar">
            <nav className="admin-nav" aria-label={t('title')} data-testid="admin-nav">
              {sections.map((section) => (
                <NavLink key={section} to={`${base}/${section}`} data-testid={`admin-nav-${section}`}>
                  {t(SECTION_LABEL[section])}
                </NavLink>
              ))}
            </nav>
            <span className="muted" data-testid="admin-signed-in">
              {t('signedInAs', { email: session.email, permissions: formatPermissions(session) })}
            </span>
            <button className="button button--ghost" type="button" onClick={leave}>
              {t('nav.signOut')}
            </button>
          </div>
          <Suspense fallback={<PageLoader />}>
            <Routes>
              <Route
                index
                element={sections[0] ? <Navigate to={`${base}/${sections[0]}`} replace /> : null}
              />
              {sections.map((section) => (
                <Route key={section} path={SECTION_PATH[section]} element={SECTION_PAGE[section]} />
              ))}
              {sections.includes('stages') ? (
                <Route path="stages/:eventId/:segmentId" element={<StagePage />} />
              ) : null}
              <Route path="*" element={<p className="muted">{t('nav.notAllowed')}</p>} />
            </Routes>
          </Suspense>
        </>
      )}
    </div>
  );
}
