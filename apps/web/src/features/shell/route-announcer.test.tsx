import { act, render, screen } from '@testing-library/react';
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
});
