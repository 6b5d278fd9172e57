import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { ready } from '../../lib/loadable';
import type { Standing } from '../leaderboard/standings-api';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { type TeamPlay, TeamPlayCard, useHasPlayed } from './team-play';

const finished = {
  id: 's1',
  state: 'finished',
  date: '2026-03-01T12:00:00Z',
  competitors: [
    { id: 'c1', displayName: 'Atlanta Titans', placement: 1, result: { score: 13, forfeit: false } },
    { id: 'c2', displayName: 'Nordic Raiders', placement: 2, result: { score: 12, forfeit: false } },
  ],
  matches: [],
} as unknown as MatchSeriesValue;

async function renderWith(play: TeamPlay | null) {
  const router = createMemoryRouter(
    [{ path: '/:locale?/*', loader: () => ({ play: play ? ready(play) : null }), element: <TeamPlayCard /> }],
    { initialEntries: ['/my-clan'] },
  );
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  await initI18n().changeLanguage('en');
});

describe('My Team after the lock: the ladder play', () => {
  it('shows rank, record and points, and the last match with its result', async () => {
    const standing = { rank: 2, record: '1-0', points: 3, gamesPlayed: 1 } as Standing;
    await renderWith({ standing, last: finished, next: null });
    expect((await screen.findByTestId('team-rank')).textContent).toBe('#2');
    expect(screen.getByTestId('team-record').textContent).toBe('1-0');
    expect(screen.getByTestId('team-points').textContent).toBe('3');
    const last = screen.getByTestId('team-last-match');
    expect(last.textContent).toContain('Last match');
    expect(last.textContent).toContain('Atlanta Titans');
    expect(last.querySelector('a')?.getAttribute('href')).toBe('/match/s1');
    expect(screen.queryByTestId('team-next-match')).toBeNull();
  });

  it('before the first match it says how to start; nothing at all before the lock', async () => {
    await renderWith({ standing: null, last: null, next: null });
    expect((await screen.findByTestId('team-play-none')).textContent).toBe(
      'No ladder match played yet. Find a match to start.',
    );
  });

  it('renders nothing without play data (team not locked)', async () => {
    await renderWith(null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('team-play')).toBeNull();
  });
});

function HasPlayedProbe() {
  return <p data-testid="probe">{useHasPlayed() ? 'played' : 'new'}</p>;
}

describe('the creation notice gives way once the team has played', () => {
  const renderProbe = async (play: TeamPlay | null) => {
    const router = createMemoryRouter(
      [
        {
          path: '/:locale?/*',
          loader: () => ({ play: play ? ready(play) : null }),
          element: <HasPlayedProbe />,
        },
      ],
      { initialEntries: ['/my-clan'] },
    );
    render(<RouterProvider router={router} />);
    return (await screen.findByTestId('probe')).textContent;
  };

  it.each([
    ['not locked (no play data)', null, 'new'],
    ['locked, no match yet', { standing: null, last: null, next: null }, 'new'],
    ['a match played', { standing: null, last: finished, next: null }, 'played'],
    [
      'a standings row with games',
      { standing: { gamesPlayed: 2 } as Standing, last: null, next: null },
      'played',
    ],
  ] as const)('%s → %s', async (_, play, expected) => {
    expect(await renderProbe(play as TeamPlay | null)).toBe(expected);
  });
});
