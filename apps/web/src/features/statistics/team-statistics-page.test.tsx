import type { TeamStatisticsAttributes } from '@cwh/contract';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { ready } from '../../lib/loadable';
import { type TeamStatisticsData, TeamStatisticsPage } from './team-statistics-page';

const record = {
  wars: 3,
  wins: 2,
  losses: 1,
  draws: 0,
  forfeits: 1,
  points: 6,
  starsFor: 20,
  starsAgainst: 12,
};
const side = (rosterId: string, displayName: string, stars: number) => ({
  rosterId,
  displayName,
  stars,
  destruction: 80,
  forfeit: false,
});
const team: TeamStatisticsAttributes = {
  roster: { id: 'r1', displayName: 'Atlanta Titans', clanTag: '#QQ' },
  event: { id: 'e1', name: 'World Championship' },
  record,
  byStage: [],
  pointsHistory: [
    { matchSeriesId: 'm1', finishedAt: '2026-01-01T10:00:00.000Z', points: 3, total: 3 },
    { matchSeriesId: 'm2', finishedAt: '2026-01-02T10:00:00.000Z', points: 0, total: 3 },
    { matchSeriesId: 'm3', finishedAt: '2026-01-03T10:00:00.000Z', points: 3, total: 6 },
  ],
  lineups: [
    {
      players: [
        { tag: '#P2Q8', name: 'Ana' },
        { tag: '#GGG', name: null },
      ],
      wars: 3,
    },
  ],
  headToHead: [
    { opponent: { rosterId: 'r2', displayName: 'Nordic Raiders' }, wars: 2, wins: 1, losses: 1, draws: 0 },
  ],
  placements: [],
  recentWars: [
    {
      matchSeriesId: 'm3',
      segmentId: 's1',
      finishedAt: '2026-01-03T10:00:00.000Z',
      home: side('r1', 'Atlanta Titans', 9),
      away: side('r2', 'Nordic Raiders', 7),
      winner: 'home',
    },
    {
      // A result recorded without destruction (stars only): no empty percentages.
      matchSeriesId: 'm2',
      segmentId: 's1',
      finishedAt: '2026-01-02T10:00:00.000Z',
      home: { ...side('r2', 'Nordic Raiders', 8), destruction: null },
      away: { ...side('r1', 'Atlanta Titans', 6), destruction: null },
      winner: 'home',
    },
  ],
};

const renderPage = (data: TeamStatisticsData) => {
  const router = createMemoryRouter([{ path: '/', element: <TeamStatisticsPage />, loader: () => data }]);
  return render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
};

describe('a team’s records page', () => {
  beforeEach(async () => {
    await loadLocale('en');
  });

  it('shows the record, the points chart with its text alternative and table, line-ups and head-to-head', async () => {
    renderPage({ team: ready(team) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Atlanta Titans');
    expect(screen.getByTestId('team-record-forfeits').textContent).toBe('1');
    const chart = screen.getByTestId('team-points-chart');
    const image = within(chart).getByRole('img');
    expect(image.getAttribute('aria-labelledby')?.split(' ')).toHaveLength(2);
    expect(chart.querySelector('desc')?.textContent).toBe(
      'Points after each of the 3 wars played; 6 points now.',
    );
    expect(within(chart).getAllByRole('row')).toHaveLength(4);
    const players = within(screen.getByTestId('team-lineups')).getAllByTestId('stats-player-link');
    expect(players.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ana', '/player/P2Q8'],
      ['#GGG', '/player/GGG'],
    ]);
    expect(
      within(screen.getByTestId('team-head-to-head')).getByRole('row', { name: /Nordic Raiders/ })
        .textContent,
    ).toContain('1-1');
    const wars = within(screen.getByTestId('team-wars')).getAllByRole('listitem');
    expect(wars[0]!.textContent).toContain('9–7 stars (80 % – 80 %) · Won');
    expect(wars[1]!.textContent).toContain('8–6 stars · Lost');
    expect(wars[1]!.textContent).not.toContain('%');
    // Opponents link their own team page; the team's panel on the leaderboard is one link away.
    expect(
      within(screen.getByTestId('team-head-to-head'))
        .getByRole('link', { name: 'Nordic Raiders' })
        .getAttribute('href'),
    ).toMatch(/^\/team\/[^/]+$/);
    const panel = screen.getByRole('link', { name: 'Members, rank and next match' });
    expect(panel.getAttribute('href')).toBe('/leaderboard?team=r1');
  });

  it('an unknown team says so and leads back to the leaderboard', async () => {
    renderPage({ team: { status: 'missing' } });
    expect((await screen.findByTestId('stats-missing')).textContent).toBe('This team does not exist.');
    expect(screen.getByTestId('stats-back').getAttribute('href')).toBe('/leaderboard');
  });
});
