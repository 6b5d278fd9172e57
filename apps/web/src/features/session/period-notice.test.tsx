import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { PeriodNotice } from './period-notice';
import { getSession, resetSession, updateSession } from './session-store';

function renderNotice() {
  const router = createMemoryRouter([{ path: '/', element: <PeriodNotice /> }]);
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

afterEach(() => resetSession());

describe('the home block of the period flags', () => {
  it('while check-in is open, sends the team to My Team', () => {
    updateSession({ periods: { ...getSession().periods, checkIn: true } });
    renderNotice();
    const block = screen.getByTestId('home-period');
    expect(block.textContent).toContain('Tournament check-in is open');
    expect(block.querySelector('a')?.getAttribute('href')).toBe('/my-clan');
  });

  it('shows nothing outside the check-in window', () => {
    updateSession({ periods: { ...getSession().periods, checkIn: false, play: true } });
    renderNotice();
    expect(screen.queryByTestId('home-period')).toBeNull();
  });
});
