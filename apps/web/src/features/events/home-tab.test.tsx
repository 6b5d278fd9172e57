import type { EventResource } from '@cwh/contract';
import { HOME_TAB_COOKIE_MAX_AGE_MS } from '@cwh/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { writeCookie } from '../../lib/cookies';
import { HOME_TAB_COOKIE } from '../../routes/home-loader';
import { routes } from '../../routes/route-table';
import { runInitialLoad } from '../session/initial-load';
import { resetSession, updateSession } from '../session/session-store';

const event = (
  id: string,
  name: string,
  competition: EventResource['attributes']['competition'],
  thLevels: number[],
) =>
  ({
    id,
    type: 'events',
    attributes: {
      name,
      status: 'active',
      date: { from: '2026-01-01T00:00:00Z', to: '2030-12-31T00:00:00Z' },
      competition,
      thLevels,
    },
  }) as EventResource;

const EVENTS = [
  event('champ', 'The Championship', 'championship', [17]),
  event('cup', 'The Cup', 'townHallCup', [9, 12, 15]),
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/vnd.api+json' },
  });

/** Every document.cookie write, to read the max-age the page gives its cookie. */
const cookieWrites: string[] = [];
const cookieProperty = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');

beforeEach(async () => {
  await runInitialLoad();
  writeCookie(HOME_TAB_COOKIE, '', 0);
  cookieWrites.length = 0;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieProperty?.get?.call(document),
    set: (value: string) => {
      cookieWrites.push(value);
      cookieProperty?.set?.call(document, value);
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (/\/events\/[^/]+\/segments/.test(url)) return json({ data: [] });
      if (/\/events(\?|$)/.test(url)) return json({ data: EVENTS });
      return new Response(null, { status: 503 });
    }),
  );
});
afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  vi.unstubAllGlobals();
  resetSession();
});

function renderHome(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const currentTab = () => screen.getAllByTestId('home-tab').find((tab) => tab.getAttribute('aria-current'));

describe('home tab (spec 2: the default depends on the town hall level; spec 9: cookie 365 days)', () => {
  it("opens on the tab of the clan's town hall level", async () => {
    updateSession({ clan: { tag: '#CUP', name: 'Cup clan', thLevel: 12 } });
    renderHome();
    expect((await screen.findByTestId('active-event')).textContent).toContain('The Cup');
    expect(currentTab()?.dataset.level).toBe('12');
  });

  it('without a town hall level, opens on the highest tab', async () => {
    renderHome();
    expect((await screen.findByTestId('active-event')).textContent).toContain('The Championship');
    expect(currentTab()?.dataset.level).toBe('17');
  });

  it('a chosen tab is remembered in the home-tab cookie for HOME_TAB_COOKIE_MAX_AGE_MS', async () => {
    updateSession({ clan: { tag: '#CUP', name: 'Cup clan', thLevel: 15 } });
    const router = renderHome('/fr');
    expect((await screen.findByTestId('active-event')).textContent).toContain('The Cup');
    fireEvent.click(screen.getAllByTestId('home-tab').find((tab) => tab.dataset.level === '17')!);
    await waitFor(() => expect(screen.getByTestId('active-event').textContent).toContain('The Championship'));
    expect(router.state.location.pathname).toBe('/fr');
    const write = cookieWrites.find((value) => value.startsWith(`${HOME_TAB_COOKIE}=17;`));
    expect(write).toContain(`max-age=${HOME_TAB_COOKIE_MAX_AGE_MS / 1000};`);
  });

  it("the remembered tab wins over the town hall level's", async () => {
    writeCookie(HOME_TAB_COOKIE, '9', 1);
    updateSession({ clan: { tag: '#CUP', name: 'Cup clan', thLevel: 17 } });
    renderHome();
    expect((await screen.findByTestId('active-event')).textContent).toContain('The Cup');
    expect(currentTab()?.dataset.level).toBe('9');
  });
});
