import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { changeField } from '../../test-fields';
import { LanguageSwitcher } from './language-switcher';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <LanguageSwitcher /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, select: screen.getByTestId('language-switcher') as HTMLSelectElement };
}

beforeEach(async () => {
  await initI18n().changeLanguage('en');
});

describe('language switcher', () => {
  it('a pick with the mouse switches at once', () => {
    const { router, select } = renderAt('/competition');
    changeField(select, { target: { value: 'fr' } });
    expect(router.state.location.pathname).toBe('/fr/competition');
  });

  it('arrow keys only move the choice; Enter applies it', () => {
    const { router, select } = renderAt('/competition');
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    changeField(select, { target: { value: 'fr' } });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    changeField(select, { target: { value: 'it' } });
    expect(router.state.location.pathname).toBe('/competition');
    expect(select.value).toBe('it');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/it/competition');
  });

  it('a choice browsed with the arrow keys applies when focus leaves', () => {
    const { router, select } = renderAt('/competition');
    fireEvent.keyDown(select, { key: 'ArrowUp' });
    changeField(select, { target: { value: 'de' } });
    expect(router.state.location.pathname).toBe('/competition');
    fireEvent.blur(select);
    expect(router.state.location.pathname).toBe('/de/competition');
  });
});
