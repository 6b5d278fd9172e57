import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { MatchRow } from './match-row';
import type { MatchSeriesValue } from './match-series-api';

const side = (id: string, placement: number, score: number, destruction: number, forfeit = false) => ({
  id,
  roster: null,
  displayName: id,
  placement,
  result: { score, forfeit, destruction },
});
const finished = (home: ReturnType<typeof side>, away: ReturnType<typeof side>) =>
  ({
    id: 's1',
    state: 'finished',
    date: '2026-03-01T12:00:00Z',
    competitors: [home, away],
    matches: [],
  }) as unknown as MatchSeriesValue;

const renderRow = (series: MatchSeriesValue) =>
  render(
    <I18nextProvider i18n={initI18n()}>
      <MemoryRouter>
        <ul>
          <MatchRow series={series} />
        </ul>
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('a match in a list shows how it was decided', () => {
  beforeEach(async () => {
    await loadLocale('en');
  });

  it('stars, then each side’s destruction (the tiebreak) in the player’s language', async () => {
    await loadLocale('fr');
    renderRow(finished(side('Titans', 1, 12, 81.5), side('Raiders', 2, 12, 80)));
    expect(screen.getByTestId('match-row-score').textContent).toContain('12 : 12');
    expect(screen.getByTestId('match-row-destruction').textContent).toBe('81,5 % : 80 %');
  });

  it('a forfeit shows FFW / FFL and no destruction', () => {
    renderRow(finished(side('Titans', 1, 0, 0), side('Raiders', 2, 0, 0, true)));
    expect(screen.getByTestId('match-row-score').textContent).toBe('FFW : FFL');
    expect(screen.queryByTestId('match-row-destruction')).toBeNull();
  });
});

describe('a match in a list opens the match, and each team name opens its team', () => {
  it('the match link is named by its teams; team names link to the team page /team/{rosterId}', async () => {
    await loadLocale('en');
    const home = { ...side('Titans', 1, 9, 80), roster: { id: 'r1' } };
    const away = { ...side('Raiders', 2, 7, 70), roster: { id: 'r2' } };
    renderRow(
      finished(home as unknown as ReturnType<typeof side>, away as unknown as ReturnType<typeof side>),
    );
    const open = screen.getByRole('link', { name: /^Titans vs Raiders, / });
    expect(open.getAttribute('href')).toBe('/match/s1');
    expect(screen.getAllByTestId('team-link').map((a) => a.getAttribute('href'))).toEqual([
      '/team/r1',
      '/team/r2',
    ]);
  });
});
