import { NOTICE_CREATED_EVENT } from '@cwh/contract/constants';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { resetSession, updateSession } from '../session/session-store';
import type { Notice } from './notices-api';

/** The server's notice log, as the mocked API answers it. */
const server = vi.hoisted(() => ({
  notices: [] as Notice[],
  reads: 0,
  marked: [] as string[],
  markedAll: 0,
}));
vi.mock('./notices-api', async (original) => ({
  ...(await original<typeof import('./notices-api')>()),
  fetchNotices: vi.fn(async () => {
    server.reads += 1;
    return {
      notices: server.notices.map((n) => ({ ...n })),
      unreadCount: server.notices.filter((n) => n.readAt === null).length,
      totalPages: 1,
    };
  }),
  markNoticeRead: vi.fn(async (id: string) => {
    server.marked.push(id);
    server.notices = server.notices.map((n) => (n.id === id ? { ...n, readAt: '2026-03-15T12:05:00Z' } : n));
    return {
      notice: server.notices.find((n) => n.id === id)!,
      unreadCount: server.notices.filter((n) => n.readAt === null).length,
    };
  }),
  markAllNoticesRead: vi.fn(async () => {
    server.markedAll += 1;
    server.notices = server.notices.map((n) => ({ ...n, readAt: n.readAt ?? '2026-03-15T12:05:00Z' }));
    return 0;
  }),
}));
/** The socket: the feed's listener and its reconnect listener. */
const socket = vi.hoisted(() => ({
  listener: null as null | ((m: unknown) => void),
  reconnect: null as null | (() => void),
}));
vi.mock('../../lib/realtime', () => ({
  realtimeFor: (userId: string | null) =>
    userId
      ? {
          subscribe: (listener: (m: unknown) => void) => {
            socket.listener = listener;
            return () => undefined;
          },
          onReconnect: (listener: () => void) => {
            socket.reconnect = listener;
            return () => undefined;
          },
        }
      : null,
}));

import { NoticeBell } from './notice-bell';
import { resetNotices } from './notice-store';
import { NoticesPage } from './notices-page';

const notice = (id: string, overrides: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'match_found',
  link: '/competition',
  textKey: 'types.match_found',
  params: {},
  createdAt: '2026-03-15T12:00:00Z',
  readAt: null,
  ...overrides,
});

function Layout() {
  return (
    <>
      <NoticeBell />
      <Outlet />
    </>
  );
}
const Competition = () => <p data-testid="page-competition">competition</p>;
const Match = () => <p data-testid="page-match">match</p>;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/:locale?',
        Component: Layout,
        children: [
          { path: 'notifications', Component: NoticesPage },
          { path: 'competition', Component: Competition },
          { path: 'match/:id', Component: Match },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const bell = () => screen.getByTestId('notice-bell');

beforeEach(async () => {
  await loadLocale('en');
  resetNotices();
  resetSession();
  updateSession({
    status: 'signedIn',
    userId: 'u1',
    scToken: { value: 'token', expiresAt: '2099-01-01T00:00:00Z' },
  } as never);
  server.notices = [];
  server.reads = 0;
  server.marked = [];
  server.markedAll = 0;
  socket.listener = null;
  socket.reconnect = null;
});
afterAll(async () => {
  await loadLocale('en');
});

describe('the bell', () => {
  it('names the unread count, and counts a notice pushed over the socket at once', async () => {
    server.notices = [notice('n2'), notice('n1', { readAt: '2026-03-15T12:01:00Z' }), notice('n0')];
    renderAt('/competition');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(screen.getByTestId('notice-bell-count').textContent).toBe('2');
    expect(bell().getAttribute('href')).toBe('/notifications');
    act(() =>
      socket.listener?.({
        event: NOTICE_CREATED_EVENT,
        data: { notice: { id: 'n3', type: 'notices', attributes: notice('n3') } },
      }),
    );
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');
    // The same notice again (a re-read raced it) is not counted twice.
    act(() =>
      socket.listener?.({
        event: NOTICE_CREATED_EVENT,
        data: { notice: { id: 'n3', type: 'notices', attributes: notice('n3') } },
      }),
    );
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');
  });

  it('reads the log again when the socket reconnects: what was sent meanwhile shows', async () => {
    renderAt('/competition');
    await waitFor(() => expect(server.reads).toBe(1));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    // Sent while the socket was away: only the log has it.
    server.notices = [notice('missed')];
    act(() => socket.reconnect?.());
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(server.reads).toBe(2);
  });

  it('is not shown signed out', async () => {
    resetSession();
    renderAt('/competition');
    await screen.findByTestId('page-competition');
    expect(screen.queryByTestId('notice-bell')).toBeNull();
    expect(server.reads).toBe(0);
  });

  it('in French: the count in the label, and the link keeps the locale prefix', async () => {
    await loadLocale('fr');
    server.notices = [notice('a'), notice('b')];
    renderAt('/fr/competition');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 non lues'));
    expect(bell().getAttribute('href')).toBe('/fr/notifications');
  });
});

describe('the list page', () => {
  it('shows each notice in the reader’s language, newest first, linking to its place; following one reads it', async () => {
    server.notices = [
      notice('r', {
        kind: 'result_recorded',
        textKey: 'types.result_recorded',
        params: { stars: 3, opponentStars: 1 },
        link: '/match/s1',
      }),
      notice('f'),
    ];
    const router = renderAt('/notifications');
    const items = await screen.findAllByTestId('notice');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['result_recorded', 'match_found']);
    const link = within(items[0]!).getByRole('link');
    expect(link.textContent).toContain('Result recorded: 3 stars against 1.');
    expect(link.getAttribute('href')).toBe('/match/s1');
    expect(screen.getByTestId('notices-unread').textContent).toBe('2 unread');
    fireEvent.click(link);
    await screen.findByTestId('page-match');
    expect(router.state.location.pathname).toBe('/match/s1');
    await waitFor(() => expect(server.marked).toEqual(['r']));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });

  it('marks one read, then all read', async () => {
    server.notices = [notice('a'), notice('b'), notice('c')];
    renderAt('/notifications');
    const buttons = await screen.findAllByTestId('notice-mark-read');
    expect(buttons[0]!.getAttribute('aria-label')).toBe(
      'Mark read: Match found! Accept it before the time runs out.',
    );
    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(server.marked).toEqual(['b']));
    await waitFor(() => expect(screen.getByTestId('notices-unread').textContent).toBe('2 unread'));
    expect(screen.getAllByTestId('notice').map((i) => i.getAttribute('data-unread'))).toEqual([
      'true',
      'false',
      'true',
    ]);
    fireEvent.click(screen.getByTestId('notices-mark-all'));
    await waitFor(() => expect(server.markedAll).toBe(1));
    expect(screen.getByTestId('notices-unread').textContent).toBe('0 unread');
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect((screen.getByTestId('notices-mark-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('in French: the texts from the same key and parameters, links under /fr', async () => {
    await loadLocale('fr');
    server.notices = [
      notice('x', { kind: 'match_accepted', textKey: 'types.match_accepted', link: '/match/s9' }),
    ];
    renderAt('/fr/notifications');
    const [item] = await screen.findAllByTestId('notice');
    const link = within(item!).getByRole('link');
    expect(link.textContent).toContain('Votre adversaire a accepté : le match est lancé.');
    expect(link.getAttribute('href')).toBe('/fr/match/s9');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notifications');
    expect(screen.getByTestId('notices-mark-all').textContent).toBe('Tout marquer comme lu');
  });
});
