import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { ready } from '../../lib/loadable';
import type { BracketInfo } from './brackets-api';
import { type BroadcastData, BroadcastPage } from './broadcast-page';
import { fourTeamBracket } from './stage-fixtures.test-support';

const info: BracketInfo = {
  id: 'stage',
  segment: { id: 'segment' },
  format: 'double_elimination',
  teams: [1, 2, 3, 4].map((n) => ({ rosterId: `r${n}`, seed: n })),
  startsAt: '2026-12-01T18:00:00Z',
  createdAt: '2026-11-01T18:00:00Z',
  swiss: null,
  doubleElimination: null,
  outcomes: [],
};

function renderBroadcast(search: string) {
  const data: BroadcastData = {
    segment: null,
    segmentId: 'segment',
    info: ready(info),
    series: fourTeamBracket('home', 'cancelled'),
    records: [],
    round: null,
    rounds: [],
    view: 'bracket',
    rows: 16,
  };
  const router = createMemoryRouter(
    [{ path: '/broadcast/segment', Component: BroadcastPage, loader: () => data }],
    {
      initialEntries: [`/broadcast/segment${search}`],
    },
  );
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('the broadcast view links each team to its page (issue #38)', () => {
  beforeEach(async () => {
    await loadLocale('en');
    // The featured match's pick and ban read: none.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the featured match names both teams as links to /team/{rosterId}; bracket cards open no match', async () => {
    renderBroadcast('?match=U1-1');
    const featured = await screen.findByTestId('broadcast-featured');
    expect(
      within(featured)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Team 1', '/team/r1'],
      ['Team 4', '/team/r4'],
    ]);
    expect(screen.queryAllByTestId('bracket-match-link')).toHaveLength(0);
    const bracketTeams = screen.getAllByTestId('bracket-team');
    expect(within(bracketTeams[0]!).getByRole('link').getAttribute('href')).toMatch(/^\/team\/r\d$/);
  });
});
