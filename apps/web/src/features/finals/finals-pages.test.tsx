import type { EventResource, SegmentResource } from '@cwh/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { Prizes } from '../matches/prizes';
import { bracketInfo, stageSeries } from './finals-fixtures';
import { assignFinalsDays, type FinalsDay } from './finals-model';
import { type WorldFinalsData, WorldFinalsPage, type WorldFinalsView } from './world-finals-page';

const event = {
  id: 'event-wc',
  type: 'events',
  attributes: {
    name: 'Clash of Clans World Championship 2025',
    status: 'archived',
    date: { from: '2025-10-31T14:00:00Z', to: '2025-11-02T23:59:59Z' },
    competition: 'championship',
    thLevels: [17],
    prizes: null,
  },
} as EventResource;

function view(
  champion: string | null,
  prizes: EventResource['attributes']['prizes'] = null,
): WorldFinalsView {
  const info = bracketInfo(champion);
  const series = stageSeries();
  return {
    event: { ...event, attributes: { ...event.attributes, prizes } },
    segment: { id: 'segment-cf' } as SegmentResource,
    info,
    series,
    matches: assignFinalsDays(info, series),
  };
}

function renderPage(day: FinalsDay | null, value: WorldFinalsView) {
  const data: WorldFinalsData = { day, finals: { status: 'ready', value } };
  const router = createMemoryRouter([{ path: '*', Component: WorldFinalsPage, loader: () => data }], {
    initialEntries: ['/world-finals'],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  await initI18n().changeLanguage('en');
});

describe('World Championship Finals pages', () => {
  it('day 1 lists its six matches, the finalists, and no banner while there is no champion', async () => {
    renderPage(1, view(null));
    await waitFor(() => expect(screen.queryByTestId('page-world-finals-day-1')).not.toBeNull());
    const matches = screen.getAllByTestId('finals-match');
    expect(matches).toHaveLength(6);
    expect(matches[0]!.textContent).toContain('Match 1 · Upper bracket, round 1');
    expect(screen.getByTestId('finals-schedule-text').textContent).toMatch(
      /^Matches 1 to 6 in Atlanta, from .*GMT/,
    );
    expect(screen.getAllByTestId('finalist')).toHaveLength(8);
    expect(screen.queryByTestId('champion-banner')).toBeNull();
    expect(screen.queryByTestId('attack-order')).toBeNull();
    // The row opens the match (named by its label and teams); each team name, the team's page.
    const first = matches[0]!;
    const open = within(first).getByRole('link', {
      name: /^Match 1 · Upper bracket, round 1: Team \d vs Team \d, /,
    });
    expect(open.getAttribute('href')).toMatch(/^\/match\//);
    const teams = within(first).getAllByTestId('team-link');
    expect(teams.map((a) => a.getAttribute('href'))).toEqual(
      teams.map((a) => `/team/r${a.textContent?.replace('Team ', '')}`),
    );
    expect(teams).toHaveLength(2);
    const finalist = within(screen.getAllByTestId('finalist')[0]!).getByRole('link', { name: 'Team 1' });
    expect(finalist.getAttribute('href')).toBe('/team/r1');
  });

  it('day 2 shows the attack-order table, home at 37 minutes left first', async () => {
    renderPage(2, view(null));
    await waitFor(() => expect(screen.queryByTestId('attack-order')).not.toBeNull());
    const rows = screen.getAllByTestId('attack-order-row');
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toBe('37mHomeAttack 1');
    expect(rows[9]!.textContent).toBe('1mAwayAttack 5');
    expect(screen.getAllByTestId('finals-match')).toHaveLength(6);
  });

  it('day 3 congratulates the champion once the bracket has one', async () => {
    renderPage(3, view('r4'));
    const banner = await screen.findByTestId('champion-banner');
    expect(within(banner).getByTestId('champion-name').textContent).toBe(
      'Team 4 wins the Clash of Clans World Championship 2025.',
    );
    expect(screen.getAllByTestId('finals-match')).toHaveLength(3);
  });

  it('the overview shows the event’s prize pool, or says there is none', async () => {
    renderPage(
      null,
      view(null, {
        currency: 'USD',
        pool: 700_000,
        monthlyFinalsPool: null,
        championshipFinalsPool: 700_000,
        placements: [],
      }),
    );
    expect((await screen.findByTestId('prize-pool')).textContent).toContain('$700,000');
    expect(screen.getAllByTestId('finals-day-card')).toHaveLength(3);
  });
});

describe('prizes block', () => {
  it('says there is no prize data, with no figure at all', () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <Prizes prizes={null} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('prizes-none').textContent).toBe(
      'No prizes have been announced for this event yet.',
    );
    expect(screen.getByTestId('prizes').textContent).not.toMatch(/\d/);
  });

  it('shows each pool and the placements in the page’s language', async () => {
    await loadLocale('fr');
    render(
      <I18nextProvider i18n={initI18n()}>
        <Prizes
          prizes={{
            currency: 'EUR',
            pool: 10_000,
            monthlyFinalsPool: 2_000,
            championshipFinalsPool: null,
            placements: [
              { placement: 1, placementTo: 1, amount: 5_000 },
              { placement: 2, placementTo: 4, amount: 1_000 },
            ],
          }}
        />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('prize-pool').textContent).toMatch(/^Cagnotte10\s000\s€$/);
    expect(screen.queryByTestId('prize-monthlyFinalsPool')).not.toBeNull();
    expect(screen.queryByTestId('prize-championshipFinalsPool')).toBeNull();
    expect(screen.getByTestId('prize-placements').textContent).toMatch(/Places 2 à 4 : 1\s000\s€ chacune/);
  });
});
