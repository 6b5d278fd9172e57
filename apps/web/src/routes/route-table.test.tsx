import { isSpaPagePath, SPA_PAGES } from '@cwh/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInitialLoad } from '../features/session/initial-load';
import { resetSession, updateSession } from '../features/session/session-store';
import { i18n, initI18n } from '../i18n/i18n';
import { writeCookie } from '../lib/cookies';
import { changeField } from '../test-fields';
import { routes } from './route-table';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

beforeEach(async () => {
  // A signed-out visitor unless a test signs in (CI shuffles the order; a test that signed in
  // without signing out would otherwise reach the next).
  resetSession();
  await runInitialLoad();
  // The home page fetches events; these tests are about the shell, so the API is just unavailable.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 503 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('error pages', () => {
  it('renders code 26 in English', async () => {
    renderAt('/error/26');
    await waitFor(() => expect(screen.queryByTestId('page-error')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oh No!');
    expect(screen.queryByText('Match Limited Reached')).not.toBeNull();
    expect(screen.getByTestId('error-message').textContent).toBe(
      'You have already played 6 matches in the last 24 hours. Try again later.',
    );
    // No support link is configured in tests: Contact Support leads to the hub's support page.
    expect(screen.getByTestId('contact-support').getAttribute('href')).toBe('/support?code=26');
    expect(screen.getByTestId('back-to-event').getAttribute('href')).toBe('/');
    // The overlays' fetch on sign-in is checked in overlays/overlays-on-sign-in.test.tsx, a file of
    // its own: once fetched they stay for the module's life, whatever test ran first.
  });

  it('renders code 26 in French under the /fr prefix', async () => {
    renderAt('/fr/error/26');
    await waitFor(() => expect(screen.queryByTestId('page-error')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oh non !');
    expect(screen.getByTestId('error-message').textContent).toBe(
      'Vous avez déjà joué 6 matchs au cours des dernières 24 heures. Réessayez plus tard.',
    );
    expect(screen.getByTestId('back-to-event').getAttribute('href')).toBe('/fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('names the chat app by region for codes 9 and 10', async () => {
    renderAt('/error/9?region=china');
    expect((await screen.findByTestId('error-message')).textContent).toContain('WeChat');
  });

  it('before the session knows its region, code 9 names the community chat', async () => {
    renderAt('/error/9');
    expect((await screen.findByTestId('error-message')).textContent).toContain('Discord');
  });

  it('before the session knows its region, code 10 names the Chinese messaging app', async () => {
    renderAt('/zh_TW/error/10');
    expect((await screen.findByTestId('error-message')).textContent).toContain('微信');
  });

  describe("by the session's region (codes 9, 10, 21, 22)", () => {
    afterEach(() => resetSession());

    it.each([9, 10, 21, 22])('code %i names WeChat for a China-region session', async (code) => {
      updateSession({ region: 'CN', isChinese: true });
      renderAt(`/error/${code}`);
      const message = (await screen.findByTestId('error-message')).textContent;
      expect(message).toContain('WeChat');
      expect(message).not.toContain('Discord');
    });

    it.each([9, 10, 21, 22])('code %i names Discord for a session elsewhere', async (code) => {
      updateSession({ region: 'FR', isChinese: false });
      renderAt(`/error/${code}`);
      const message = (await screen.findByTestId('error-message')).textContent;
      expect(message).toContain('Discord');
      expect(message).not.toContain('WeChat');
    });

    it('switches to the session region once the initial load resolves it', async () => {
      renderAt('/error/10');
      expect((await screen.findByTestId('error-message')).textContent).toContain('WeChat');
      act(() => void updateSession({ region: 'US', isChinese: false }));
      await waitFor(() => expect(screen.getByTestId('error-message').textContent).toContain('Discord'));
    });
  });

  it('shows the generic error for an unknown id', async () => {
    renderAt('/en/error/999');
    expect((await screen.findByTestId('error-message')).textContent).toBe(
      'An unexpected error occurred. Please try again in a moment.',
    );
  });

  it('shows the decoded fatal error message', async () => {
    renderAt('/jp/fatal-error/Token%20expired');
    expect((await screen.findByTestId('fatal-error-message')).textContent).toBe('Token expired');
    expect(screen.getByTestId('fatal-error-text').textContent).toBe(
      '重大なエラーが発生しました。アプリを再起動してください。',
    );
    expect(document.documentElement.classList.contains('non-standard-language')).toBe(true);
  });

  it('answers an unknown page with the 404 page and a way home', async () => {
    renderAt('/fr/nothing/here');
    await waitFor(() => expect(screen.queryByTestId('page-not-found')).not.toBeNull());
    expect(screen.getByTestId('back-home').getAttribute('href')).toBe('/fr');
  });

  it('does not take an unknown first segment for a locale', async () => {
    renderAt('/xx/competition');
    await waitFor(() => expect(screen.queryByTestId('page-not-found')).not.toBeNull());
  });
});

describe('pages', () => {
  it('serves the team pages; signed out they offer the sign-in', async () => {
    renderAt('/my-clan/kick/%23ABC123');
    await waitFor(() => expect(screen.queryByTestId('page-my-clan-kick')).not.toBeNull());
    expect(screen.getByTestId('signed-out').textContent).toContain('Sign in to see your team');
    // The overlays (fetched at the first sign-in, kept after) host the check-in prompt's mount.
    act(() => void updateSession({ status: 'signedIn', userId: 'user-1' }));
    await waitFor(() => expect(screen.queryByTestId('overlay-checkin-prompt')).not.toBeNull());
  });

  it('serves the schedule under a locale prefix, in its language', async () => {
    renderAt('/fr/schedule');
    await waitFor(() => expect(screen.queryByTestId('page-schedule')).not.toBeNull());
    expect(document.documentElement.lang).toBe('fr');
  });

  it('serves a prefixed page in its language', async () => {
    renderAt('/de/registration/profile/gate');
    await waitFor(() => expect(screen.queryByTestId('page-registration-profile-gate')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Altersbeschränkung');
  });

  it('shows the translated error state on the home page when the API is down', async () => {
    renderAt('/');
    await waitFor(() => expect(screen.queryByTestId('home-error')).not.toBeNull());
    expect(screen.queryByText('The events could not be loaded')).not.toBeNull();
  });
});

describe('broadcast view', () => {
  it('serves /broadcast/{segmentId} without the header and footer, with and without a locale prefix', async () => {
    for (const path of ['/broadcast/seg-1', '/fr/broadcast/seg-1?bg=transparent']) {
      const { unmount } = render(
        <I18nextProvider i18n={initI18n()}>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
        </I18nextProvider>,
      );
      await waitFor(() => expect(screen.queryByTestId('page-broadcast')).not.toBeNull());
      // The API is down in these tests: the page says so inside its frame.
      await waitFor(() => expect(screen.queryByTestId('broadcast-empty')).not.toBeNull());
      expect(screen.queryByTestId('skip-link')).toBeNull();
      expect(screen.queryByTestId('language-switcher')).toBeNull();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      unmount();
    }
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('language switcher', () => {
  it('rewrites the path, keeps the query and remembers the choice in the cookie', async () => {
    const router = renderAt('/fr/competition?tab=prizes');
    changeField(await screen.findByTestId('language-switcher'), { target: { value: 'ko' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ko/competition'));
    expect(router.state.location.search).toBe('?tab=prizes');
    expect(document.cookie).toContain('locale=ko');
    await waitFor(() => expect(screen.queryByText('대회', { selector: 'h1' })).not.toBeNull());
    expect(document.documentElement.lang).toBe('ko');
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('World Championship Finals and Town Hall Cup pages', () => {
  it.each([
    ['/world-finals', 'page-world-finals'],
    ['/world-finals/day-1', 'page-world-finals-day-1'],
    ['/fr/world-finals/day-2', 'page-world-finals-day-2'],
    ['/en/world-finals/day-3', 'page-world-finals-day-3'],
  ])('serves %s; with the API down it says the finals could not be loaded', async (path, testId) => {
    renderAt(path);
    await waitFor(() => expect(screen.queryByTestId(testId)).not.toBeNull());
    await waitFor(() => expect(screen.queryByTestId('finals-error')).not.toBeNull());
    expect(screen.getAllByTestId('finals-nav-link')).toHaveLength(4);
  });

  it.each([
    '/world-finals/day-4',
    '/world-finals/day-0',
    '/fr/world-finals/1',
    '/town-hall-cup/17',
    '/town-hall-cup/10',
    '/town-hall-cup/12x',
  ])('answers %s with the 404 page', async (path) => {
    renderAt(path);
    await waitFor(() => expect(screen.queryByTestId('page-not-found')).not.toBeNull());
    expect(screen.queryByTestId('page-world-finals')).toBeNull();
    expect(screen.queryByTestId('page-town-hall-cup')).toBeNull();
  });

  it('serves a cup level with its Ladder and Finals tabs, under a locale prefix too', async () => {
    const router = renderAt('/de/town-hall-cup/12?tab=finals');
    await waitFor(() => expect(screen.queryByTestId('page-town-hall-cup')).not.toBeNull());
    await waitFor(() => expect(screen.queryByTestId('cup-error')).not.toBeNull());
    expect(router.state.location.pathname).toBe('/de/town-hall-cup/12');
    expect(document.cookie).toContain('cwh_cup_level=12');
  });

  it('/town-hall-cup opens the level last seen, keeping the locale prefix', async () => {
    writeCookie('cwh_cup_level', '9', 1);
    const router = renderAt('/ko/town-hall-cup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ko/town-hall-cup/9'));
    await waitFor(() => expect(screen.queryByTestId('page-town-hall-cup')).not.toBeNull());
  });

  it('/town-hall-cup opens the highest level without a clan level or a last one', async () => {
    // No level remembered, and no language either (an unprefixed path would move to that language).
    writeCookie('cwh_cup_level', '', 0);
    writeCookie('locale', '', 0);
    const router = renderAt('/town-hall-cup?tab=ladder');
    await waitFor(() => expect(router.state.location.pathname).toBe('/town-hall-cup/15'));
    expect(router.state.location.search).toBe('?tab=ladder');
  });
});

/** Full page paths of the route table, without the optional locale prefix and the catch-alls. */
function tablePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const own = (route.path ?? '').replace(/^\/:locale\?\/?/, '');
    const path = [parent, own].filter(Boolean).join('/');
    if (route.children) return tablePaths(route.children, path);
    if (own === '*' || (route.index && parent === 'broadcast')) return [];
    return [path];
  });
}

describe('the route table and the server read one list of pages (domain SPA_PAGES)', () => {
  it('has exactly the pages of SPA_PAGES', () => {
    expect(tablePaths(routes).sort()).toEqual(Object.values(SPA_PAGES).sort());
  });

  it.each(['/fr/nothing/here', '/xx/competition', '/world-finals/day-4', '/town-hall-cup/17', '/broadcast'])(
    '%s is the 404 page here and no SPA page for the server',
    async (path) => {
      expect(isSpaPagePath(path)).toBe(false);
      renderAt(path);
      await waitFor(() => expect(screen.queryByTestId('page-not-found')).not.toBeNull());
    },
  );
});
