import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { SupportPage } from './support-page';

async function renderSupport(url: string, locale: 'en' | 'de' = 'en') {
  await loadLocale(locale);
  const i18n = initI18n();
  await i18n.changeLanguage(locale);
  const router = createMemoryRouter([{ path: '/support', element: <SupportPage /> }], {
    initialEntries: [url],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('the support page', () => {
  it('says what to include and how to reach staff, naming the error the player came from', async () => {
    await renderSupport('/support?code=12');
    await waitFor(() => expect(screen.queryByTestId('page-support')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact Support');
    expect(screen.getByTestId('support-code').textContent).toBe('You saw error 12: mention it.');
    expect(screen.getByTestId('support-include').querySelectorAll('li')).toHaveLength(4);
    expect(screen.queryByText(/write in its match chat/)).not.toBeNull();
    expect(screen.getByTestId('back-to-event').getAttribute('href')).toBe('/');
  });

  it('in German, without a code when none is given', async () => {
    await renderSupport('/support', 'de');
    expect((await screen.findAllByRole('heading', { level: 1 })).at(-1)?.textContent).toBe(
      'Support kontaktieren',
    );
    expect(screen.queryAllByTestId('support-code')).toHaveLength(0);
  });
});
