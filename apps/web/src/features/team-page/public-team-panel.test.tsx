import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { ready } from '../../lib/loadable';
import type { MatchSeriesValue } from '../matches/match-series-api';
import type { PublicTeam } from './public-team-api';
import { type PublicTeamData, PublicTeamPanel } from './public-team-panel';

const series = (id: string, state: string) =>
  ({
    id,
    state,
    date: '2026-01-05T12:00:00Z',
    competitors: [
      {
        id: 'c1',
        roster: { id: 'r1' },
        displayName: 'Atlanta Titans',
        placement: 1,
        result: { score: 9, forfeit: false },
      },
      {
        id: 'c2',
        roster: { id: 'r2' },
        displayName: 'Nordic Raiders',
        placement: 2,
        result: { score: 7, forfeit: false },
      },
    ],
    matches: [],
  }) as unknown as MatchSeriesValue;

const team: PublicTeam = {
  id: 'r1',
  roster: {
    displayName: 'Atlanta Titans',
    locked: true,
    withdrawnAt: null,
    thLevel: 17,
    segment: { id: 'th17', parent: null },
    players: [
      { tag: '#C1', name: 'Cap', position: 'captain', userId: 'u1', registered: true },
      { tag: '#P2', name: 'Two', position: 'player', userId: null, registered: false },
    ],
  } as unknown as PublicTeam['roster'],
  standing: { rank: 3, record: '1-0', points: 3 } as PublicTeam['standing'],
  rankedIn: { id: 'mq', attributes: { name: 'Monthly Qualifier' } } as PublicTeam['rankedIn'],
  last: series('s1', 'finished'),
  next: null,
  stages: [],
  champion: false,
};

const renderPanel = (data: PublicTeamData) => {
  const element = (
    <>
      <span data-testid="route-rendered" />
      <PublicTeamPanel />
    </>
  );
  const router = createMemoryRouter([{ path: '/', element, loader: () => data }]);
  return render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
};

describe('a team’s public page', () => {
  beforeEach(async () => {
    await loadLocale('en');
  });

  it('members with tag, town hall and registration, the captain marked; phase, rank, record, matches', async () => {
    renderPanel({ team: ready(team) });
    expect((await screen.findByTestId('public-team-name')).textContent).toBe('Atlanta Titans');
    const members = screen.getAllByTestId('public-team-member').map((li) => li.textContent);
    expect(members[0]).toBe('CapCaptain#C1 · TH17 · Registered');
    expect(members[1]).toBe('Two#P2 · TH17 · Not registered yet');
    expect(screen.getByTestId('public-team-phase').getAttribute('data-phase')).toBe('locked');
    expect(screen.getByTestId('public-team-rank').textContent).toBe('#3');
    expect(screen.getByTestId('public-team-record').textContent).toBe('1-0');
    // The rank is the stage's, and says so (a swiss rank is not the ladder's).
    expect(screen.getByTestId('public-team-ranked-in').textContent).toBe(
      'Rank, record and points in Monthly Qualifier',
    );
    expect(screen.getByTestId('public-team-last').textContent).toContain('Nordic Raiders');
    expect(screen.getByTestId('public-team-next').textContent).toContain('None yet');
    // Team names in its matches open the teams' pages.
    const links = screen.getAllByTestId('team-link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/team/r1', '/team/r2']);
  });

  it('an unknown team says so and leads back to the leaderboard; no parameter shows nothing', async () => {
    const { unmount } = renderPanel({ team: { status: 'missing' } });
    expect((await screen.findByTestId('public-team-missing')).textContent).toContain(
      'This team could not be found.',
    );
    expect(screen.getByTestId('public-team-close').getAttribute('href')).toBe('/leaderboard');
    unmount();
    const { container } = renderPanel({ team: null });
    await screen.findByTestId('route-rendered');
    expect(container.querySelector('[data-testid^="public-team"]')).toBeNull();
  });
});
