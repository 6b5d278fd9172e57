import { IDLE_PREFETCH_TIMEOUT_MS, PAGE_DATA_MIN_DELAY_MS } from '@cwh/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInitialLoad } from '../features/session/initial-load';
import { initI18n } from '../i18n/i18n';
import { routes } from '../routes/route-table';
import { prefetchWhenIdle, resetPageLoading } from './page-loading';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

beforeEach(async () => {
  resetPageLoading();
  await runInitialLoad();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 503 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('router loading: idle prefetch of the page chunks (IDLE_PREFETCH_TIMEOUT_MS)', () => {
  it('the first page schedules the prefetch for when the browser is idle, at the latest after 2 s', async () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    renderAt('/error/26');
    await waitFor(() => expect(screen.queryByTestId('page-error')).not.toBeNull());
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: IDLE_PREFETCH_TIMEOUT_MS });
  });

  it('without requestIdleCallback, the timeout alone starts it, once', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => ({}));
    prefetchWhenIdle([load], {});
    prefetchWhenIdle([load], {});
    await vi.advanceTimersByTimeAsync(IDLE_PREFETCH_TIMEOUT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('router loading: page data minimum delay (PAGE_DATA_MIN_DELAY_MS)', () => {
  it('a navigation waits for its page data at least 200 ms, even when the answer is instant', async () => {
    vi.stubGlobal('requestIdleCallback', vi.fn());
    const router = renderAt('/competition');
    await waitFor(() => expect(screen.queryByTestId('page-competition')).not.toBeNull());
    // Same page chunk, already loaded: only the page data is awaited.
    vi.useFakeTimers();
    const navigation = router.navigate('/schedule');
    await vi.advanceTimersByTimeAsync(PAGE_DATA_MIN_DELAY_MS - 1);
    expect(router.state.navigation.state).toBe('loading');
    expect(router.state.location.pathname).toBe('/competition');
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await navigation;
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule'));
    await waitFor(() => expect(screen.queryByTestId('page-schedule')).not.toBeNull());
  });
});
