import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stageSeries } from '../features/finals/finals-fixtures';
import { runInitialLoad } from '../features/session/initial-load';
import { resetSession, updateSession } from '../features/session/session-store';
import { i18n, initI18n } from '../i18n/i18n';
import { routes } from './route-table';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

const range = { from: '2026-01-01T00:00:00Z', to: '2027-12-31T00:00:00Z' };
const event = {
  id: 'ev-1',
  type: 'events',
  attributes: {
    name: 'World Championship',
    status: 'active',
    date: range,
    competition: 'championship',
    thLevels: [17],
  },
};
const segment = (id: string, level: number, parent: string | null) => ({
  id,
  type: 'segments',
  attributes: { name: `Segment ${id}`, eliminationType: 'ladder', level, date: range },
  relationships: { parent: { data: parent ? { type: 'segments', id: parent } : null } },
});
/** Seven upcoming series of the event (more than the schedule's list shows). */
const series = stageSeries()
  .slice(0, 7)
  .map(({ id, ...attributes }) => ({
    id,
    type: 'match-series',
    attributes: { ...attributes, state: 'upcoming' },
  }));

const requests: URL[] = [];
function answer(url: URL): Response {
  const path = url.pathname;
  if (path.endsWith('/tournaments/1.0/events')) return json({ data: [event] });
  if (path.endsWith('/events/ev-1/segments'))
    return json({ data: [segment('stage-1', 0, null), segment('lad-1', 1, 'stage-1')] });
  if (path.endsWith('/match-series')) {
    const size = Number(url.searchParams.get('page[size]'));
    const finished = url.searchParams.get('filter[state]') === 'finished';
    return json({ data: finished ? [] : series.slice(0, size) });
  }
  return new Response(null, { status: 503 });
}

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
  requests.length = 0;
  resetSession();
  await runInitialLoad();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      return answer(url);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the schedule lists match times', () => {
  it('shows the first upcoming matches with their times, and View All opens the whole list', async () => {
    const router = renderAt('/schedule');
    const upcoming = await screen.findByTestId('schedule-upcoming');
    await waitFor(() => expect(upcoming.querySelectorAll('[data-testid="match-row"]')).toHaveLength(5));
    // Each row names its date and time in the viewer's locale.
    const first = upcoming.querySelector('.match-row__date')!;
    expect(first.textContent).toMatch(/2025/);
    expect(screen.getByTestId('schedule-completed').textContent).toContain('No completed matches yet.');
    fireEvent.click(screen.getByTestId('view-all'));
    await waitFor(() => expect(router.state.location.search).toBe('?all=upcoming'));
    await waitFor(() =>
      expect(
        screen.getByTestId('schedule-upcoming').querySelectorAll('[data-testid="match-row"]'),
      ).toHaveLength(7),
    );
    expect(screen.queryByTestId('view-all')).toBeNull();
  });
});

describe('/match without an id', () => {
  it('leads a visitor without a team to the schedule', async () => {
    const router = renderAt('/fr/match');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/schedule'));
  });

  it("leads a player to the team's next match", async () => {
    updateSession({ middlewareRosterId: 'r1' });
    const router = renderAt('/match');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/match/${series[0]!.id}`));
    const asked = requests.find((url) => url.searchParams.get('filter[roster]') === 'r1');
    expect(asked?.searchParams.get('page[size]')).toBe('1');
  });
});
