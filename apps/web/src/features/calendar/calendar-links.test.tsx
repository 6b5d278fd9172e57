import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { CalendarLinks } from './calendar-links';

async function renderIn(locale: 'en' | 'fr', kind: 'roster' | 'event', id: string) {
  await loadLocale(locale);
  const router = createMemoryRouter([{ path: '/:locale?', element: <CalendarLinks kind={kind} id={id} /> }], {
    initialEntries: [locale === 'en' ? '/' : `/${locale}`],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('Add to calendar', () => {
  afterEach(() => loadLocale('en'));

  it("offers the team's feed as a webcal subscription and as a plain https link", async () => {
    await renderIn('en', 'roster', 'r-1');
    const host = window.location.host;
    const subscribe = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(subscribe.getAttribute('href')).toBe(
      `webcal://${host}/api/tournaments/1.0/rosters/r-1/calendar.ics`,
    );
    const file = screen.getByRole('link', { name: '.ics link' });
    expect(file.getAttribute('href')).toBe(
      `${window.location.origin}/api/tournaments/1.0/rosters/r-1/calendar.ics`,
    );
    expect(file.getAttribute('target')).toBe('_blank');
    expect(screen.queryByText(/Your team's matches in your calendar app/)).not.toBeNull();
  });

  it("asks for the event's feed in the page's language, with its texts", async () => {
    await renderIn('fr', 'event', 'e-9');
    const subscribe = await screen.findByRole('link', { name: 'Ajouter au calendrier' });
    expect(subscribe.getAttribute('href')).toBe(
      `webcal://${window.location.host}/api/tournaments/1.0/events/e-9/calendar.ics?lang=fr`,
    );
    expect(screen.getByRole('link', { name: 'Lien .ics' }).getAttribute('href')).toBe(
      `${window.location.origin}/api/tournaments/1.0/events/e-9/calendar.ics?lang=fr`,
    );
    expect(screen.queryByText(/fenêtres de check-in/)).not.toBeNull();
  });
});
