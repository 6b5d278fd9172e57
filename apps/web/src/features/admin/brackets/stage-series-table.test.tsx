import type { MatchSeriesResource, RosterResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { StageSeriesTable } from './stage-series-table';

type Attributes = MatchSeriesResource['attributes'];

const team = (side: 'home' | 'away', id: string | null, name: string, owner: string | null) => ({
  id: `${id}-${side}`,
  side,
  roster: id ? { id, name, displayName: name, ownerId: owner } : null,
  displayName: id ? name : 'TBD',
  placement: null,
  result: { score: null, forfeit: false },
});

function series(id: string, over: Partial<Attributes> & Record<string, unknown>): MatchSeriesResource {
  return {
    id,
    type: 'match-series',
    attributes: {
      date: '2026-12-01T18:00:00Z',
      createdAt: '2026-11-25T10:00:00Z',
      state: 'scheduled',
      competitors: [team('home', 'r-a', 'Alpha', 'u-a'), team('away', 'r-b', 'Bravo', 'u-b')],
      matches: [],
      timeDiffInMinutes: 60,
      bye: false,
      roundNumber: 1,
      bracket: 'upper',
      group: 'upper',
      segment: { id: 'seg' },
      event: { id: 'ev' },
      matchUp: null,
      war: null,
      finishedAt: null,
      ...over,
    } as Attributes,
  } as MatchSeriesResource;
}

/** Bravo's player (not its owner) checked in to series s-1; nobody to the others. */
const rosters = new Map([
  [
    'r-b',
    {
      id: 'r-b',
      attributes: {
        players: [{ tag: '#P', name: 'P', position: 'player', userId: 'u-b-player', registered: true }],
      },
    } as unknown as RosterResource,
  ],
]);

function stubCheckins() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const seriesId = url.searchParams.get('filter[matchSeries]') ?? '';
      asked.push(seriesId);
      const data =
        seriesId === 's-1'
          ? [
              {
                id: 'c1',
                type: 'checkins',
                attributes: {
                  createdAt: '2026-12-01T17:56:00Z',
                  user: { id: 'u-b-player' },
                  matchSeries: { id: 's-1' },
                  roster: null,
                },
              },
            ]
          : [];
      return new Response(JSON.stringify({ data }), {
        status: 200,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    }),
  );
  return asked;
}

describe('stage series table', () => {
  beforeAll(() => {
    initI18n();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each row in playing order, with check-ins per side, the grand final, a bye and a review', async () => {
    const asked = stubCheckins();
    const list = [
      series('s-final', {
        date: '2026-12-03T18:00:00Z',
        bracket: null,
        group: 'final',
        competitors: [team('home', null, '', null), team('away', null, '', null)],
      }),
      series('s-1', {}),
      series('s-bye', {
        date: '2026-12-01T19:00:00Z',
        bye: true,
        state: 'finished',
        competitors: [team('home', 'r-c', 'Charlie', 'u-c'), team('away', null, '', null)],
      }),
      series('s-2', {
        date: '2026-12-01T20:00:00Z',
        bracket: 'lower',
        group: 'lower',
        reviewReason: 'double_forfeit',
      }),
    ];
    render(
      <I18nextProvider i18n={i18n}>
        <StageSeriesTable series={list} rosters={rosters} onChanged={() => undefined} />
      </I18nextProvider>,
    );
    const rows = screen.getAllByTestId('stage-series-row');
    expect(rows.map((r) => within(r).getByTestId('series-teams').textContent)).toEqual([
      'Alpha – Bravo',
      'Charlie (bye)',
      'Alpha – Bravo',
      'TBD – TBD',
    ]);
    await waitFor(() =>
      expect(within(rows[0]!).queryByText('Home: not yet · Away: checked in')).not.toBeNull(),
    );
    await waitFor(() => expect(within(rows[2]!).queryByText('Home: not yet · Away: not yet')).not.toBeNull());
    expect(within(rows[2]!).getByTestId('series-review').textContent).toBe(
      'Needs your result: neither team checked in',
    );
    expect(within(rows[3]!).queryByText('Grand final')).not.toBeNull();
    // Only series with both teams are asked for check-ins, and only they can get a result.
    expect(asked.sort()).toEqual(['s-1', 's-2']);
    // Each button names its match for a screen reader.
    expect(screen.getAllByRole('button', { name: 'Record result (Alpha – Bravo)' })).toHaveLength(2);
  });

  it('filters by round and opens the Record result dialog of a row', () => {
    stubCheckins();
    const list = [series('s-1', {}), series('s-3', { roundNumber: 2, date: '2026-12-02T18:00:00Z' })];
    render(
      <I18nextProvider i18n={i18n}>
        <StageSeriesTable series={list} rosters={rosters} onChanged={() => undefined} />
      </I18nextProvider>,
    );
    changeField(screen.getByRole('combobox', { name: 'Round' }), { target: { value: '2' } });
    expect(screen.getAllByTestId('stage-series-row')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('record-result'));
    expect(screen.queryByRole('dialog', { name: 'Result: Alpha – Bravo' })).not.toBeNull();
  });
});
