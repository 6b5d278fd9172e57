import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';

/** Renders the error dialog's buttons and the footer with the config of the current env. */
async function renderLinks() {
  vi.resetModules();
  const { ErrorActions } = await import('../features/errors/error-actions');
  const { SiteFooter } = await import('../features/shell/site-footer');
  const { config } = await import('./config');
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <ErrorActions />
            <SiteFooter />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return config;
}

afterEach(() => vi.unstubAllEnvs());

describe('support and community chat links come from configuration only', () => {
  it('without VITE_SUPPORT_URL and VITE_COMMUNITY_CHAT_URL: no invented address, no support link', async () => {
    vi.stubEnv('VITE_SUPPORT_URL', '');
    vi.stubEnv('VITE_COMMUNITY_CHAT_URL', '');
    const config = await renderLinks();
    expect(config.supportUrl).toBeNull();
    expect(config.communityChatUrl).toBeNull();
    expect(screen.queryByTestId('contact-support')).toBeNull();
    expect(screen.queryByTestId('footer-support')).toBeNull();
    expect(screen.getByTestId('back-to-event')).toBeTruthy();
  });

  it('with them set at build: the links lead exactly there', async () => {
    vi.stubEnv('VITE_SUPPORT_URL', ' https://help.example.test/ticket ');
    vi.stubEnv('VITE_COMMUNITY_CHAT_URL', 'https://chat.example.test/invite');
    const config = await renderLinks();
    expect(config.communityChatUrl).toBe('https://chat.example.test/invite');
    expect(screen.getByTestId('contact-support').getAttribute('href')).toBe(
      'https://help.example.test/ticket',
    );
    expect(screen.getByTestId('footer-support').getAttribute('href')).toBe(
      'https://help.example.test/ticket',
    );
  });
});
