import type { MatchSeriesDetail } from '@cwh/contract';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { MatchDetail } from './match-detail';
import type { MatchSeriesValue } from './match-series-api';
import { MatchStageLine } from './match-stage-line';

const player = (tag: string, name: string) => ({ tag, name, townHallLevel: 17 });
const detail: MatchSeriesDetail = {
  lineups: {
    home: [player('#H1', 'Ana'), player('#H2', 'Bo')],
    away: [player('#A1', 'Cy'), { tag: '#A2', name: null, townHallLevel: null }],
  },
  attacks: [
    { order: 1, side: 'home', attackerTag: '#H1', defenderTag: '#A1', stars: 3, destruction: 100 },
    { order: 2, side: 'away', attackerTag: '#A2', defenderTag: '#H2', stars: 1, destruction: 42.5 },
  ],
  stage: { name: 'Monthly Qualifier', stageCode: 'MQ', eliminationType: 'swiss' },
};
const series = (officialWar: unknown = null) =>
  ({
    id: 's1',
    state: 'finished',
    roundNumber: 2,
    bracket: null,
    group: null,
    competitors: [
      { id: 'c1', roster: { id: 'r1' }, displayName: 'Titans' },
      { id: 'c2', roster: { id: 'r2' }, displayName: 'Raiders' },
    ],
    officialWar,
  }) as unknown as MatchSeriesValue;

const renderIt = (node: React.ReactNode) =>
  render(
    <I18nextProvider i18n={initI18n()}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );

describe('the match page shows how the war was played', () => {
  beforeEach(async () => {
    await loadLocale('en');
  });

  it('both line-ups with tag and town hall; a player the hub does not know shows by tag', () => {
    renderIt(<MatchDetail series={series()} detail={detail} />);
    const home = screen.getByTestId('lineup-home');
    expect(within(home).queryByText('Titans')).not.toBeNull();
    expect(
      within(home)
        .getAllByTestId('lineup-player')
        .map((li) => li.textContent),
    ).toEqual(['Ana#H1TH17', 'Bo#H2TH17']);
    const away = screen.getByTestId('lineup-away');
    expect(within(away).getAllByTestId('lineup-player')[1]?.textContent).toBe('#A2#A2');
  });

  it('every attack: attacker → defender, the attacking team, stars and destruction', () => {
    renderIt(<MatchDetail series={series()} detail={detail} />);
    const [first, second] = screen.getAllByTestId('match-attack');
    expect(first?.textContent).toContain('Ana → Cy');
    expect(first?.textContent).toContain('Titans');
    expect(within(first!).getByTestId('match-attack-stars').getAttribute('aria-label')).toBe('3 stars');
    expect(within(second!).getByTestId('match-attack-destruction').textContent).toBe('42.5 %');
    expect(second?.getAttribute('data-side')).toBe('away');
  });

  it('no attacks yet says so; an official war lists its attacks on its own report instead', () => {
    const { unmount } = renderIt(<MatchDetail series={series()} detail={{ ...detail, attacks: [] }} />);
    expect(screen.queryByTestId('match-attacks-empty')).not.toBeNull();
    unmount();
    renderIt(<MatchDetail series={series({ state: 'warEnded' })} detail={detail} />);
    expect(screen.queryByTestId('match-attacks')).toBeNull();
    expect(screen.queryByTestId('match-lineups')).not.toBeNull();
  });

  it('the stage and its phase, in the player’s language', async () => {
    await loadLocale('fr');
    renderIt(<MatchStageLine series={series()} stage={detail.stage!} />);
    expect(screen.getByTestId('match-stage').textContent).toBe('Qualification mensuelle · Ronde suisse 2');
  });
});
