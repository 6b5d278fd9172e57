import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../../i18n/i18n';
import { RostersPage } from './rosters-page';

/** Issue 8: a suspended user's rosters show it (the owner or a member, as the server marks them). */
const member = (tag: string, name: string, suspended: boolean) => ({
  tag,
  name,
  position: 'player',
  thLevel: 17,
  registrationStatus: 'ready',
  suspended,
});
const roster = (id: string, name: string, suspended: { owner: boolean; member: boolean }) => ({
  id,
  type: 'admin-rosters',
  attributes: {
    name,
    clanTag: `#${id}`,
    owner: { id: `u-${id}`, username: `captain-${id}`, email: `${id}@test`, suspended: suspended.owner },
    team: null,
    segment: { id: 'th17', name: 'TH17' },
    event: { id: 'e1' },
    createdAt: '2026-03-01T00:00:00Z',
    confirmed_at: '2026-03-02T00:00:00Z',
    locked: true,
    withdrawnAt: null,
    checkedIn: false,
    hasPlayed: false,
    members: [member(`#${id}1`, 'Chief', false), member(`#${id}2`, 'Cheater', suspended.member)],
    hasSuspended: suspended.owner || suspended.member,
  },
});

describe('organizer console: a roster with a suspended account', () => {
  const fetchMock = vi.fn(async (url: string) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.includes('/events/e1/segments'))
      return json({
        data: [
          {
            id: 'th17',
            type: 'segments',
            attributes: {
              name: 'TH17',
              level: 0,
              eliminationType: 'ladder',
              date: { from: '2026-03-01T00:00:00Z', to: '2026-03-31T00:00:00Z' },
            },
          },
        ],
      });
    if (url.includes('/tournaments/1.0/events'))
      return json({ data: [{ id: 'e1', type: 'events', attributes: { name: 'Season 2026' } }] });
    return json({
      data: [
        roster('A', 'Clean Clan', { owner: false, member: false }),
        roster('B', 'Member Clan', { owner: false, member: true }),
        roster('C', 'Owner Clan', { owner: true, member: false }),
      ],
      meta: { page: { number: 1, size: 50, total: 3, totalPages: 1 } },
    });
  });
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    await loadLocale('en');
  });

  const search = async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <RostersPage />
      </I18nextProvider>,
    );
    await screen.findByRole('option', { name: 'Season 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findAllByTestId('admin-roster');
  };
  const card = (name: string) =>
    screen.getAllByTestId('admin-roster').find((el) => el.getAttribute('data-roster') === name)!;

  it('badges the roster, names the suspended member and the suspended owner', async () => {
    await search();
    expect(within(card('Clean Clan')).queryByTestId('roster-suspended')).toBeNull();
    expect(within(card('Clean Clan')).queryByTestId('member-suspended')).toBeNull();

    const withMember = within(card('Member Clan'));
    expect(withMember.getByTestId('roster-suspended').textContent).toBe('Suspended account');
    expect(withMember.getByTestId('roster-suspended').getAttribute('title')).toContain('suspended');
    const row = withMember.getByTestId('member-suspended').closest('tr')!;
    expect(row.textContent).toContain('Cheater');
    expect(row.getAttribute('data-suspended')).toBe('true');
    expect(withMember.getByText('Owner: captain-B', { exact: false }).textContent).not.toContain('suspended');

    const withOwner = within(card('Owner Clan'));
    expect(withOwner.queryByTestId('roster-suspended')).not.toBeNull();
    expect(withOwner.queryByTestId('member-suspended')).toBeNull();
    expect(withOwner.queryByText('Owner: captain-C (suspended)', { exact: false })).not.toBeNull();
  });

  it('says it in the console’s language', async () => {
    await loadLocale('fr');
    render(
      <I18nextProvider i18n={initI18n()}>
        <RostersPage />
      </I18nextProvider>,
    );
    await screen.findByRole('option', { name: 'Season 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findAllByTestId('admin-roster');
    expect(within(card('Member Clan')).getByTestId('roster-suspended').textContent).toBe('Compte suspendu');
    expect(within(card('Member Clan')).getByTestId('member-suspended').textContent).toBe('Suspendu');
  });
});
