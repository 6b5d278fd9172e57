import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Renders the error dialog's buttons and the footer with the config of the current env. Every module
 * is fresh (the config reads the env when it loads), the router and i18n ones too, so the components
 * and their providers share one copy of each context.
 */
async function renderLinks() {
  vi.resetModules();
  const { I18nextProvider } = await import('react-i18next');
  const { createMemoryRouter, RouterProvider } = await import('react-router');
  const { initI18n } = await import('../i18n/i18n');
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
  it('without VITE_SUPPORT_URL and VITE_COMMUNITY_CHAT_URL: no invented address, Contact Support opens the hub’s support page', async () => {
    vi.stubEnv('VITE_SUPPORT_URL', '');
    vi.stubEnv('VITE_COMMUNITY_CHAT_URL', '');
    const config = await renderLinks();
    expect(config.supportUrl).toBeNull();
    expect(config.communityChatUrl).toBeNull();
    expect(screen.getByTestId('contact-support').getAttribute('href')).toBe('/support');
    expect(screen.getByTestId('footer-support').getAttribute('href')).toBe('/support');
    expect(screen.queryByTestId('back-to-event')).not.toBeNull();
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
