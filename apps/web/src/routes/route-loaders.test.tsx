import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInitialLoad } from '../features/session/initial-load';
import { resetSession, updateSession } from '../features/session/session-store';
import { i18n, initI18n } from '../i18n/i18n';
import { routes } from './route-table';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

const range = { from: '2026-01-01T00:00:00Z', to: '2027-12-31T00:00:00Z' };
const event = {
  id: 'ev-1',
  type: 'events',
  attributes: {
    name: 'World Championship',
    status: 'active',
    date: range,
    competition: 'championship',
    thLevels: [17],
  },
};
const segment = (id: string, level: number, parent: string | null) => ({
  id,
  type: 'segments',
  attributes: { name: `Segment ${id}`, eliminationType: 'ladder', level, date: range },
  relationships: { parent: { data: parent ? { type: 'segments', id: parent } : null } },
});
const standing = (rank: number, rosterId: string) => ({
  id: `st-${rosterId}`,
  type: 'standings',
  attributes: {
    rank,
    placement: rank,
    points: 30 - rank,
    record: '1-0',
    wins: 1,
    losses: 0,
    draws: 0,
    gamesPlayed: 1,
    starsFor: 3,
    starsAgainst: 1,
    roster: { id: rosterId, name: null, displayName: `Team ${rosterId}`, ownerId: null },
    segment: { id: 'lad-1' },
    updatedAt: range.from,
  },
});

/** The API the pages read: requests are recorded; standings have 3 pages of one row. */
const requests: URL[] = [];
function answer(url: URL): Response {
  const path = url.pathname;
  if (path.endsWith('/tournaments/1.0/events')) return json({ data: [event] });
  if (path.endsWith('/events/ev-1/segments'))
    return json({ data: [segment('stage-1', 0, null), segment('lad-1', 1, 'stage-1')] });
  if (path.endsWith('/segments/lad-1/standings')) {
    const own = url.searchParams.get('filter[roster.id]');
    if (own) return json({ data: [standing(9, own)] });
    const page = Number(url.searchParams.get('page[number]'));
    return json({
      data: [standing(page, `r${page}`)],
      meta: { page: { number: page, size: 20, total: 3, totalPages: 3 } },
    });
  }
  if (path.endsWith('/tournaments/1.0/rosters'))
    return json({
      data: [
        {
          id: 'r1',
          type: 'rosters',
          attributes: { displayName: 'Locked Team', locked: true, withdrawnAt: null },
        },
      ],
    });
  if (path.endsWith('/match-series/missing'))
    return json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not found' }] }, 404);
  return new Response(null, { status: 503 });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const standingsPages = () =>
  requests
    .filter((url) => url.pathname.endsWith('/standings') && url.searchParams.has('page[number]'))
    .map((url) => url.searchParams.get('page[number]'));

beforeEach(async () => {
  requests.length = 0;
  resetSession();
  await runInitialLoad();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      return answer(url);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('route loaders', () => {
  it('shows a match series the server does not know as missing', async () => {
    renderAt('/match/missing');
    await waitFor(() => expect(screen.queryByTestId('match-missing')).not.toBeNull());
  });

  it('loads the leaderboard page of the URL and moves between pages through it', async () => {
    const router = renderAt('/leaderboard?page=2');
    expect((await screen.findByTestId('leaderboard-segment')).textContent).toBe(
      'World Championship · Segment lad-1',
    );
    await waitFor(() => expect(screen.getByTestId('leaderboard-rank').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('leaderboard-next'));
    await waitFor(() => expect(screen.getByTestId('leaderboard-rank').textContent).toBe('3'), {
      timeout: 4000,
    });
    expect(router.state.location.search).toBe('?page=3');
    expect(standingsPages()).toEqual(['2', '3']);
  });

  it('keeps the competition tab in the URL and loads only that tab', async () => {
    const router = renderAt('/competition?tab=participants');
    expect((await screen.findByTestId('participant-list')).textContent).toContain('Locked Team');
    expect(standingsPages()).toEqual([]);
    fireEvent.click(screen.getByTestId('competition-tab-leaderboard'));
    await waitFor(() => expect(screen.getByTestId('leaderboard-rank').textContent).toBe('1'));
    expect(router.state.location.search).toBe('?tab=leaderboard');
  });

  it('runs the loaders again when the team changes in the session', async () => {
    renderAt('/leaderboard');
    await screen.findAllByTestId('leaderboard-row');
    expect(screen.queryByTestId('leaderboard-chat-check')).toBeNull();
    act(() => {
      updateSession({ middlewareRosterId: 'mine' });
    });
    // The team's own row (rank 9) is pinned above the page once the loader has run again.
    await waitFor(() =>
      expect(
        screen.getAllByTestId('leaderboard-row').map((row) => row.getAttribute('data-roster-id')),
      ).toEqual(['mine', 'r1']),
    );
  });
});

describe('home loader', () => {
  it('shows the picked event and moves to another one through `?event=`', async () => {
    const later = { ...event, id: 'ev-2', attributes: { ...event.attributes, name: 'Town Hall Cup' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/tournaments/1.0/events')) return json({ data: [event, later] });
        if (url.pathname.endsWith('/segments')) return json({ data: [] });
        return new Response(null, { status: 503 });
      }),
    );
    const router = renderAt('/?event=ev-1');
    const chips = await screen.findAllByTestId('event-chip');
    expect(chips.map((chip) => chip.getAttribute('aria-current'))).toEqual(['true', null]);
    fireEvent.click(chips[1] as HTMLElement);
    await waitFor(() =>
      expect(screen.getAllByTestId('event-chip').map((chip) => chip.getAttribute('aria-current'))).toEqual([
        null,
        'true',
      ]),
    );
    expect(router.state.location.search).toBe('?event=ev-2');
  });
});
