import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { ProfilePrivacy } from './profile-privacy';

const saved = vi.hoisted(() => ({ calls: [] as [string, boolean][], fail: false }));
vi.mock('./statistics-api', () => ({
  setProfileHidden: async (tag: string, hidden: boolean) => {
    saved.calls.push([tag, hidden]);
    if (saved.fail) throw new Error('refused');
  },
}));

const renderSwitch = (hidden: boolean, loads: { count: number }) => {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <ProfilePrivacy tag="#P2Q8" hidden={hidden} />,
      loader: () => {
        loads.count += 1;
        return null;
      },
    },
  ]);
  return render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
};

describe('the profile privacy switch', () => {
  beforeEach(async () => {
    await loadLocale('en');
    saved.calls = [];
    saved.fail = false;
  });

  it('hides the profile and reloads the page data to show the new state', async () => {
    const loads = { count: 0 };
    renderSwitch(false, loads);
    const box = await screen.findByTestId('profile-privacy-hidden');
    expect(screen.getByTestId('profile-privacy').textContent).toContain('Public: anyone with the link');
    fireEvent.click(box);
    await waitFor(() => expect(saved.calls).toEqual([['#P2Q8', true]]));
    await waitFor(() => expect(loads.count).toBe(2));
  });

  it('says so when the choice could not be saved', async () => {
    saved.fail = true;
    renderSwitch(true, { count: 0 });
    fireEvent.click(await screen.findByTestId('profile-privacy-hidden'));
    expect((await screen.findByRole('alert')).textContent).toBe('Your choice could not be saved. Try again.');
    expect(saved.calls).toEqual([['#P2Q8', false]]);
  });
});
