import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/i18n';

const session = vi.hoisted(() => ({ current: null as null | { email: string; permissions: string[] } }));
vi.mock('./console/admin-session', () => ({
  useAdminSession: () => session.current,
  signIn: vi.fn(),
  endSession: vi.fn(),
}));

// The pages themselves are not under test: each is a stub naming itself.
vi.mock('./events/events-page', () => ({ EventsPage: () => <p>events page</p> }));
vi.mock('./users/users-page', () => ({ UsersPage: () => <p>users page</p> }));
vi.mock('./activity-log/activity-log-page', () => ({ ActivityLogPage: () => <p>activity page</p> }));
vi.mock('./mail/outbox-page', () => ({ OutboxPage: () => <p>outbox page</p> }));
vi.mock('./brackets/stages-page', () => ({
  StagesIndex: () => <p>stages page</p>,
  StagePage: () => <p>stage</p>,
}));
vi.mock('./match-series/match-series-page', () => ({ MatchSeriesPage: () => <p>match series page</p> }));
vi.mock('./rosters/rosters-page', () => ({ RostersPage: () => <p>rosters page</p> }));
vi.mock('./disputes/dispute-queue-page', () => ({ DisputeQueuePage: () => <p>disputes page</p> }));
vi.mock('./rosters/checkin-review-page', () => ({ CheckinReviewPage: () => <p>checkins page</p> }));

async function consoleAs(permissions: string[], path = '/admin') {
  session.current = { email: 'staff@hub.test', permissions };
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminConsole />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  const nav = screen.getByTestId('admin-nav');
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-testid')!.replace('admin-nav-', ''));
}

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  session.current = null;
});

const { AdminConsole } = await import('./admin-console');
const { endSession } = await import('./console/admin-session');

describe('the console shows each role only the pages it may use (issue #31)', () => {
  it('admin: every page', async () => {
    expect(await consoleAs(['admin'])).toEqual([
      'events',
      'stages',
      'match-series',
      'disputes',
      'rosters',
      'checkins',
      'users',
      'activity',
      'outbox',
    ]);
  });

  it('organizer: the event pages only, and no users, activity log or outbox', async () => {
    expect(await consoleAs(['organizer'])).toEqual([
      'events',
      'stages',
      'match-series',
      'disputes',
      'rosters',
      'checkins',
    ]);
    await screen.findByText('events page');
    expect(screen.getByTestId('admin-nav-events').getAttribute('aria-current')).toBe('page');
  });

  it('support: users, activity log and outbox; the console opens on users', async () => {
    expect(await consoleAs(['support'])).toEqual(['users', 'activity', 'outbox']);
    await screen.findByText('users page');
    expect(screen.getByTestId('admin-nav-users').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('events page')).toBeNull();
  });

  it('a page the role may not use, opened by its address, is not shown', async () => {
    await consoleAs(['support'], '/admin/match-series');
    expect(screen.queryByText('match series page')).toBeNull();
    expect(screen.getByTestId('page-admin').textContent).toContain(i18n.t('admin:nav.notAllowed'));
  });

  it('signing out returns to the console’s start: the next staff member lands on their own first page', async () => {
    await consoleAs(['organizer'], '/admin/match-series');
    await screen.findByText('match series page');
    expect(screen.getByTestId('admin-nav-match-series').getAttribute('aria-current')).toBe('page');
    // Support signs in next on this console (the mocked session is support's from the click on).
    session.current = { email: 'support@hub.test', permissions: ['support'] };
    fireEvent.click(screen.getByRole('button', { name: i18n.t('admin:nav.signOut') }));
    expect(endSession).toHaveBeenCalled();
    await screen.findByText('users page');
    expect(screen.getByTestId('admin-nav-users').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText(i18n.t('admin:nav.notAllowed'))).toBeNull();
  });
});
