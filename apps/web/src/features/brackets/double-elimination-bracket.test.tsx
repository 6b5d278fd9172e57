import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import type { SwissRecord } from './brackets-api';
import { DoubleEliminationBracket } from './double-elimination-bracket';
import { fourTeamBracket, stageSeries, team } from './stage-fixtures.test-support';
import { SwissRoundPools } from './swiss-rounds';
import { SwissStandingsTable } from './swiss-standings-table';

initI18n();

const renderIn = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('DoubleEliminationBracket', () => {
  it('gives each bracket a section with a heading and each round an ordered list of matches', () => {
    renderIn(<DoubleEliminationBracket series={fourTeamBracket('home', 'cancelled')} />);
    for (const name of ['Upper bracket', 'Lower bracket', 'Grand final']) {
      expect(screen.queryByRole('region', { name })).not.toBeNull();
      expect(screen.queryByRole('heading', { level: 2, name })).not.toBeNull();
    }
    const upper = screen.getByRole('region', { name: 'Upper bracket' });
    const firstRound = within(upper).getByRole('list', { name: 'Round 1' });
    expect(firstRound.tagName).toBe('OL');
    expect(within(firstRound).getAllByRole('listitem')).toHaveLength(2);
    expect(within(upper).queryByRole('list', { name: 'Upper final' })).not.toBeNull();
  });

  it('marks the winner in text, shows scores and links the match page', () => {
    renderIn(<DoubleEliminationBracket series={fourTeamBracket()} />);
    const upper = screen.getByRole('region', { name: 'Upper bracket' });
    const match = within(within(upper).getByRole('list', { name: 'Round 1' })).getAllByRole('listitem')[0]!;
    expect(match.textContent).toContain('Team 1');
    expect(match.textContent).toContain('(winner)');
    expect(match.textContent).toContain('9');
    // The card opens the match (a link named by its teams); each team name opens the team's page.
    expect(within(match).getByRole('link', { name: 'Team 1 vs Team 4' }).getAttribute('href')).toBe(
      '/match/U1-1',
    );
    expect(within(match).getByRole('link', { name: 'Team 1' }).getAttribute('href')).toBe('/team/r1');
    expect(
      within(match)
        .getAllByTestId('team-link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/team/r1', '/team/r4']);
    const winners = within(match)
      .getAllByTestId('bracket-team')
      .filter((side) => side.dataset.winner === 'true');
    expect(winners.map((side) => side.textContent)).toEqual([expect.stringContaining('Team 1')]);
  });

  it('shows FFW/FFL for a forfeit, TBD for an empty side and a bye', () => {
    const series = [
      stageSeries('f', {
        group: 'upper',
        bracket: 'upper',
        state: 'finished',
        home: team(1, { placement: 1, score: 0 }),
        away: team(2, { placement: 2, score: 0, forfeit: true }),
      }),
      stageSeries('b', {
        group: 'upper',
        bracket: 'upper',
        state: 'finished',
        bye: true,
        home: team(3, { placement: 1 }),
      }),
      stageSeries('t', { group: 'upper', bracket: 'upper', roundNumber: 2, home: team(1) }),
    ];
    renderIn(<DoubleEliminationBracket series={series} />);
    const [forfeit, bye] = within(screen.getByRole('list', { name: 'Round 1' })).getAllByRole('listitem');
    expect(forfeit!.textContent).toMatch(/Team 1.*FFW.*Team 2.*FFL/);
    expect(bye!.textContent).toContain('Bye');
    expect(bye!.textContent).not.toContain('(winner)');
    // A bye opens no match; the team that has it still links its page.
    expect(within(bye!).queryByTestId('bracket-match-link')).toBeNull();
    expect(
      within(bye!)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/team/r3']);
    expect(screen.getByRole('list', { name: 'Upper final' }).textContent).toContain('TBD');
  });

  it('shows the grand-final reset only when it is played', () => {
    const { unmount } = renderIn(<DoubleEliminationBracket series={fourTeamBracket('home', 'cancelled')} />);
    expect(screen.queryByRole('list', { name: 'Grand final reset' })).toBeNull();
    expect(screen.getByTestId('double-elimination-bracket').dataset.resetShown).toBe('false');
    unmount();
    renderIn(<DoubleEliminationBracket series={fourTeamBracket('away')} />);
    expect(screen.queryByRole('list', { name: 'Grand final reset' })).not.toBeNull();
  });

  it('moves one round per screen with the previous and next buttons', () => {
    renderIn(<DoubleEliminationBracket series={fourTeamBracket()} />);
    const upper = screen.getByRole('region', { name: 'Upper bracket' });
    const current = () =>
      within(upper)
        .getAllByTestId('bracket-round')
        .findIndex((round) => round.dataset.current === 'true');
    const previous = within(upper).getByRole('button', { name: /Previous round/ });
    const next = within(upper).getByRole('button', { name: /Next round/ });
    // Every upper match is played: the phone opens on the last round.
    expect(current()).toBe(1);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(within(upper).getByTestId('round-position').textContent).toBe('Upper final (2/2)');
    fireEvent.click(previous);
    expect(current()).toBe(0);
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    expect(within(upper).getByTestId('round-position').textContent).toBe('Round 1 (1/2)');
    fireEvent.click(next);
    expect(current()).toBe(1);
  });

  it('has no navigation on the broadcast variant and no match links; team names open the team page', () => {
    renderIn(<DoubleEliminationBracket series={fourTeamBracket()} variant="broadcast" linkMatches={false} />);
    expect(screen.queryByTestId('round-nav')).toBeNull();
    expect(screen.queryAllByTestId('bracket-match-link')).toHaveLength(0);
    const links = screen.getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/team\/[^/]+$/);
  });
});

const record = (n: number, fields: Partial<SwissRecord> = {}): SwissRecord => ({
  roster: { id: `r${n}`, name: `Team ${n}`, displayName: `Team ${n}` },
  roundNumber: 2,
  rank: n,
  seed: n,
  record: '1-1',
  wins: 1,
  losses: 1,
  draws: 0,
  byes: 0,
  matchPoints: 3,
  buchholz: 0,
  headToHead: 0,
  starsFor: 20,
  starsAgainst: 18,
  destructionFor: 180.5,
  destructionAgainst: 170,
  status: 'active',
  ...fields,
});

describe('SwissStandingsTable', () => {
  it('has the tiebreak columns in the stage order and the status in words', () => {
    renderIn(
      <SwissStandingsTable
        records={[
          record(1, { status: 'qualified', wins: 2, losses: 0, matchPoints: 6 }),
          record(2, { status: 'eliminated' }),
        ]}
        tiebreaks={['buchholz', 'matchPoints']}
        caption="Standings after round 2"
      />,
    );
    const table = screen.getByRole('table', { name: 'Standings after round 2' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      '#',
      'Team',
      'W-L-D',
      'Buch.',
      'Pts',
      'H2H',
      '★ +/-',
      '% +/-',
      'Seed',
      'Status',
    ]);
    const [first, second] = within(table).getAllByTestId('swiss-standing');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', '2-0-0', '0', '6', '0', '+2', '+10.5', '1', 'Qualified']);
    expect(within(second!).getByRole('rowheader').textContent).toBe('Team 2');
    expect(second!.textContent).toContain('Eliminated');
  });
});

describe('SwissRoundPools', () => {
  it('shows each pool with its heading and match-ups, and the byes', () => {
    const series = [
      stageSeries('a', { roundNumber: 2, group: '1-0', home: team(1), away: team(2) }),
      stageSeries('b', { roundNumber: 2, group: '0-1', home: team(3), away: team(4) }),
      stageSeries('c', { roundNumber: 2, bye: true, state: 'finished', home: team(5, { placement: 1 }) }),
    ];
    renderIn(<SwissRoundPools series={series} round={2} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Pool 1-0',
      'Pool 0-1',
      'Byes',
    ]);
    expect(screen.getByTestId('swiss-bye').textContent).toBe('Team 5 gets a bye');
    // Each match opens its page; each team name, the team's page.
    const [first] = screen.getAllByTestId('bracket-match');
    expect(within(first!).getByRole('link', { name: 'Team 1 vs Team 2' }).getAttribute('href')).toBe(
      '/match/a',
    );
    expect(
      within(first!)
        .getAllByTestId('team-link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/team/r1', '/team/r2']);
  });
});
