import { STEPPER_RESET_MS } from '@cwh/domain';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { ProfileAgePage, ProfileCreatePage } from './profile-pages';
import { resetRegistrationStepper } from './registration-steps';
import { ProfileSuccessPage } from './success-pages';

function renderFlow(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/registration/profile/age', element: <ProfileAgePage /> },
      { path: '/registration/profile/create', element: <ProfileCreatePage /> },
      { path: '/registration/profile/success', element: <ProfileSuccessPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const step = () => screen.queryByTestId('registration-steps')?.dataset.step ?? null;

beforeEach(() => {
  resetRegistrationStepper();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('registration stepper (spec 4: grows or drops by 1, finishes at the last milestone, resets after 1.5 s)', () => {
  it('goes 1, 2, 3 through the steps, back to 2, and resets STEPPER_RESET_MS after finishing', async () => {
    const router = renderFlow('/registration/profile/age');
    expect(step()).toBe('1');
    await act(() => router.navigate('/registration/profile/create'));
    expect(step()).toBe('2');
    await act(() => router.navigate('/registration/profile/age'));
    expect(step()).toBe('1');
    await act(() => router.navigate('/registration/profile/create'));
    await act(() => router.navigate('/registration/profile/success'));
    expect(step()).toBe('3');
    expect(screen.getByTestId('registration-steps').className).toContain('steps--finished');
    await act(() => vi.advanceTimersByTimeAsync(STEPPER_RESET_MS - 1));
    expect(step()).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(step()).toBeNull();
  });

  it('does not finish before the last milestone', async () => {
    renderFlow('/registration/profile/create');
    expect(step()).toBe('2');
    expect(screen.getByTestId('registration-steps').className).not.toContain('steps--finished');
    await act(() => vi.advanceTimersByTimeAsync(STEPPER_RESET_MS * 2));
    expect(step()).toBe('2');
  });
});
