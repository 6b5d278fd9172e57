import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { AccountLink } from './account-link';
import { resetSession, updateSession } from './session-store';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/:locale?/*', element: <AccountLink /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  await initI18n().changeLanguage('en');
});
afterEach(() => resetSession());

describe('account button in the header', () => {
  it('signed out: leads to sign-in', () => {
    renderAt('/competition');
    const link = screen.getByTestId('account-link');
    expect(link.getAttribute('aria-label')).toBe('Sign in');
    expect(link.getAttribute('href')).toBe('/registration/profile/verify');
  });

  it('signed in: says who, and leads to switch player / sign out in the page language', async () => {
    updateSession({ status: 'signedIn', playerName: 'Marcus Stone', playerTag: '#LQ2Y000' });
    await act(() => loadLocale('fr'));
    renderAt('/fr/leaderboard');
    const link = screen.getByTestId('account-link');
    expect(link.textContent).toBe('M');
    expect(link.getAttribute('aria-label')).toBe('Connecté en tant que Marcus Stone (#LQ2Y000)');
    expect(link.getAttribute('href')).toBe('/fr/registration/profile/verify');
  });

  it('inside the game: no button (the game signs the player in)', () => {
    updateSession({ status: 'signedIn', playerName: 'Marcus Stone', inApp: true });
    renderAt('/');
    expect(screen.queryByTestId('account-link')).toBeNull();
  });
});
