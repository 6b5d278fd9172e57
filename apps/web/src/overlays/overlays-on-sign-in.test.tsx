import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runInitialLoad } from '../features/session/initial-load';
import { resetSession, updateSession } from '../features/session/session-store';
import { initI18n } from '../i18n/i18n';
import { routes } from '../routes/route-table';

/*
 * The realtime overlays are fetched once a player signs in, not for a signed-out visitor; then they
 * are there, without the check-in prompt on an error page. Alone in its file: once fetched, the
 * overlays stay for the module's life, so an earlier test that signed in would hide the first half.
 */

beforeEach(async () => {
  resetSession();
  await runInitialLoad();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 503 })),
  );
});
afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

it('fetches the overlays when a player signs in on an error page, and shows no check-in prompt there', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/error/26'] });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  expect((await screen.findByTestId('page-error')).tagName).toBe('SECTION');
  expect(screen.queryByTestId('overlay-host')).toBeNull();
  act(() => void updateSession({ status: 'signedIn', userId: 'user-1' }));
  expect((await screen.findByTestId('overlay-host')).className).toContain('overlay-host');
  await waitFor(() => expect(screen.queryByTestId('overlay-checkin-prompt')).toBeNull());
});
