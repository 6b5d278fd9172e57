import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteAnnouncer } from './route-announcer';

function Layout() {
  return (
    <>
      <RouteAnnouncer />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading comes with its data, `after` ms after it renders (none when null). */
function LatePage({ after }: { after: number | null }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (after === null) return;
    const timer = window.setTimeout(() => setReady(true), after);
    return () => window.clearTimeout(timer);
  }, [after]);
  return ready ? <h1>Leaderboard</h1> : <p>Loading…</p>;
}

function renderRoutes() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          {
            path: '/',
            element: (
              <>
                <h1>Home</h1>
                <Link to="/ladder">Ladder</Link>
              </>
            ),
          },
          { path: '/ladder', element: <h1>Open Ladder</h1> },
          { path: '/late', element: <LatePage after={1_000} /> },
          { path: '/headless', element: <LatePage after={null} /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('route announcer', () => {
  it('says nothing for the first page', () => {
    renderRoutes();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
  });

  it('announces the new page heading once and moves focus to the main region', async () => {
    const router = renderRoutes();
    await act(async () => {
      await router.navigate('/ladder');
    });
    act(() => vi.advanceTimersByTime(500));
    const region = screen.getByTestId('route-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('Open Ladder');
    expect(document.activeElement?.id).toBe('main');
  });

  it('waits for a heading that comes later (its data, a slow phone) instead of reading too early', async () => {
    const router = renderRoutes();
    await act(async () => {
      await router.navigate('/late');
    });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
    act(() => vi.advanceTimersByTime(600));
    await act(async () => {});
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('route-announcer').textContent).toBe('Leaderboard');
    expect(document.activeElement?.id).toBe('main');
  });

  it('announces the document title when no heading came within 3 s', async () => {
    document.title = 'Clan War Hub';
    const router = renderRoutes();
    await act(async () => {
      await router.navigate('/headless');
    });
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('route-announcer').textContent).toBe('Clan War Hub');
  });
});
