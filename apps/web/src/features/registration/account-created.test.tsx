import type { ClanRosterValue } from '@cwh/contract';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { resetSession, updateSession } from '../session/session-store';
import { AccountCreatedPage } from './profile-pages';

function renderPage() {
  const router = createMemoryRouter([{ path: '/:locale?/*', element: <AccountCreatedPage /> }], {
    initialEntries: ['/registration/feedback/account-creation-completed'],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const roster = (tags: string[], locked: boolean) =>
  ({
    id: 'r1',
    locked,
    captainTag: tags[0] ?? null,
    members: tags.map((tag) => ({ tag, name: tag, registrationStatus: 'ready' })),
  }) as unknown as ClanRosterValue;

beforeEach(async () => {
  await initI18n().changeLanguage('en');
});
afterEach(() => resetSession());

describe('account created: what comes next', () => {
  it('an unselected co-leader of a locked team is told where they stand, not that the leader selects next', () => {
    updateSession({
      status: 'signedIn',
      playerTag: '#CO',
      isCoLeader: true,
      roster: roster(['#L', '#A', '#B', '#C', '#D'], true),
    });
    renderPage();
    expect(screen.getByTestId('account-created-next').textContent).toBe(
      "Your clan has a team and you are not on it. Here is your clan's team status.",
    );
  });

  it('a member before any team is told the leader selects it next', () => {
    updateSession({ status: 'signedIn', playerTag: '#M', roster: null });
    renderPage();
    expect(screen.getByTestId('account-created-next').textContent).toMatch(/clan leader selects the team/);
  });
});
