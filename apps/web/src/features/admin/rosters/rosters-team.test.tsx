import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { RostersPage } from './rosters-page';

/** A roster that is a team's entry links to that team: every roster of the team in the event. */
const roster = (id: string, name: string, segment: string, team: { id: string; name: string } | null) => ({
  id,
  type: 'admin-rosters',
  attributes: {
    name,
    clanTag: `#${id}`,
    owner: { id: `u-${id}`, username: `captain-${id}`, email: `${id}@test`, suspended: false },
    team,
    segment: { id: segment, name: segment.toUpperCase() },
    event: { id: 'e1' },
    createdAt: '2026-03-01T00:00:00Z',
    confirmed_at: null,
    locked: false,
    withdrawnAt: null,
    checkedIn: false,
    hasPlayed: false,
    members: [],
    hasSuspended: false,
  },
});
const WOLVES = { id: '7b1c1c6e-0000-4000-8000-000000000001', name: 'Wolves' };

describe('organizer console: the team of a roster', () => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.includes('/events/e1/segments')) return json({ data: [] });
    if (url.includes('/tournaments/1.0/teams?'))
      return json({
        data: [
          {
            id: WOLVES.id,
            type: 'teams',
            attributes: { name: WOLVES.name, createdAt: '2026-01-01T00:00:00Z' },
          },
        ],
      });
    if (init?.method === 'PATCH' && url.endsWith('/admin/rosters/B/relationships/team'))
      return json({ data: roster('B', 'No Team', 'th17', WOLVES) });
    if (url.includes('/tournaments/1.0/events'))
      return json({ data: [{ id: 'e1', type: 'events', attributes: { name: 'Season 2026' } }] });
    const ofTeam = url.includes('filter%5Bteam%5D=');
    const data = ofTeam
      ? [roster('A', 'Wolves TH17', 'th17', WOLVES), roster('C', 'Wolves TH16', 'th16', WOLVES)]
      : [roster('A', 'Wolves TH17', 'th17', WOLVES), roster('B', 'No Team', 'th17', null)];
    return json({ data, meta: { page: { number: 1, size: 50, total: data.length, totalPages: 1 } } });
  });
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  it('shows the team link only on a team’s roster; following it lists the team’s rosters, then all again', async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <RostersPage />
      </I18nextProvider>,
    );
    await screen.findByRole('option', { name: 'Season 2026' });
    changeField(screen.getByLabelText('Search'), { target: { value: 'Wolves TH17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findAllByTestId('admin-roster');
    const names = () => screen.getAllByTestId('admin-roster').map((el) => el.getAttribute('data-roster'));
    expect(names()).toEqual(['Wolves TH17', 'No Team']);
    const [withTeam, withoutTeam] = screen.getAllByTestId('admin-roster');
    expect(within(withoutTeam!).queryByTestId('roster-team')).toBeNull();
    const link = within(withTeam!).getByTestId('roster-team');
    expect(link.textContent).toBe('Team: Wolves');

    fireEvent.click(link);
    await waitFor(() => expect(names()).toEqual(['Wolves TH17', 'Wolves TH16']));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.at(-1)).toContain(`filter%5Bteam%5D=${WOLVES.id}`);
    // The team's every roster: the search text that found this one is cleared.
    expect(urls.at(-1)).not.toContain('filter%5Bsearch%5D');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('team-filter').textContent).toContain('Team: Wolves');

    fireEvent.click(screen.getByRole('button', { name: 'All teams' }));
    await waitFor(() => expect(names()).toEqual(['Wolves TH17', 'No Team']));
    expect(screen.queryByTestId('team-filter')).toBeNull();
    expect(String(fetchMock.mock.calls.at(-1)![0])).not.toContain('filter%5Bteam%5D');
  });

  it('sets the team of a roster among its owner’s teams', async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <RostersPage />
      </I18nextProvider>,
    );
    await screen.findByRole('option', { name: 'Season 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findAllByTestId('admin-roster');
    const card = () => screen.getAllByTestId('admin-roster')[1]!;
    fireEvent.click(within(card()).getByRole('button', { name: 'Set the team' }));
    const select = await within(card()).findByLabelText('Team of No Team');
    const teamsCall = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/teams?'));
    expect(teamsCall).toContain('filter%5Bowner%5D=u-B');
    changeField(select, { target: { value: WOLVES.id } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Save the team' }));
    await within(card()).findByText('Team saved.');
    expect(within(card()).getByTestId('roster-team').textContent).toBe('Team: Wolves');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ data: { type: 'teams', id: WOLVES.id } });
  });
});
