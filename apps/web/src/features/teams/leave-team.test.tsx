import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { canLeaveTeam, LeaveTeam } from './leave-team';

const member = (tag: string) => ({ tag }) as never;
const roster = { locked: false, captainTag: '#CAP', members: [member('#CAP'), member('#ME')] };

describe('Leave Team', () => {
  it.each([
    ['a selected member before the lock', roster, '#ME', true],
    ['the captain (the leader changes the captain first)', roster, '#CAP', false],
    ['after the lock', { ...roster, locked: true }, '#ME', false],
    ['a clan member not on the team', roster, '#OTHER', false],
    ['no team', null, '#ME', false],
  ])('is offered to %s: %s', (_, value, tag, expected) => {
    expect(canLeaveTeam(value, tag)).toBe(expected);
  });

  describe('the button', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    beforeEach(async () => {
      await initI18n().changeLanguage('en');
      vi.stubGlobal('fetch', fetchMock);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      fetchMock.mockClear();
    });
    const renderButton = () => {
      const router = createMemoryRouter([{ path: '/:locale?/*', element: <LeaveTeam rosterId="r-1" /> }], {
        initialEntries: ['/my-clan'],
      });
      render(
        <I18nextProvider i18n={initI18n()}>
          <RouterProvider router={router} />
        </I18nextProvider>,
      );
    };

    it('asks first, and Cancel leaves the team untouched', async () => {
      renderButton();
      fireEvent.click(screen.getByTestId('leave-team'));
      expect(screen.getByTestId('leave-confirm').textContent).toContain(
        'The leader will need to select another clan member',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByTestId('leave-confirm')).toBeNull());
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('the question closes like any harmless dialog: its close button or a tap outside, nothing done', async () => {
      renderButton();
      fireEvent.click(screen.getByTestId('leave-team'));
      fireEvent.click(screen.getByTestId('leave-confirm-close'));
      await waitFor(() => expect(screen.queryByTestId('leave-confirm')).toBeNull());
      fireEvent.click(screen.getByTestId('leave-team'));
      fireEvent.click(screen.getByTestId('leave-confirm-backdrop'));
      await waitFor(() => expect(screen.queryByTestId('leave-confirm')).toBeNull());
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('on confirm, leaves the roster with POST /rosters/{id}/leave', async () => {
      renderButton();
      fireEvent.click(screen.getByTestId('leave-team'));
      fireEvent.click(screen.getByTestId('confirm-leave'));
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toMatch(/\/api\/tournaments\/1\.0\/rosters\/r-1\/leave$/);
      expect(init.method).toBe('POST');
      await waitFor(() => expect(screen.queryByTestId('leave-confirm')).toBeNull());
    });
  });
});
