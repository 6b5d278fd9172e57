import type { ClanMemberValue } from '@cwh/contract';
import { TEAM_SELECTION_MESSAGES } from '@cwh/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import en from '../../i18n/locales/en/teams.json';
import { resetSession, updateSession } from '../session/session-store';
import { SelectionPage } from './selection-page';

const CLAN = { tag: '#2Y0PQ9LC', name: 'Atlanta Titans', thLevel: 17 };
const member = (tag: string, name: string, role: ClanMemberValue['role'], th = 17): ClanMemberValue => ({
  tag,
  name,
  role,
  townHallLevel: th,
  userId: null,
  isRosterMember: false,
  rosterPosition: null,
  registrationStatus: null,
});
const ITEMS = [
  member('#L', 'Leader Lee', 'leader'),
  member('#C', 'Co Cora', 'coLeader'),
  member('#E1', 'Elder One', 'elder'),
  member('#E2', 'Elder Two', 'elder'),
  member('#M1', 'Member One', 'member'),
  member('#M2', 'Member Two', 'member'),
  member('#M3', 'Member Three', 'member', 16),
];

beforeEach(() => {
  resetSession();
  updateSession({
    status: 'signedIn',
    playerTag: '#L',
    scToken: { value: 't', expires: '2099-01-01T00:00:00Z' },
    clan: CLAN,
    role: 'leader',
    isLeader: true,
    activeSegmentId: 'seg-17',
    clanMembers: ITEMS,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: {
              id: CLAN.tag,
              type: 'clans',
              attributes: {
                clan: CLAN,
                playerTag: '#L',
                role: 'leader',
                isLeader: true,
                isCoLeader: false,
                isCaptain: false,
                items: ITEMS,
                roster: null,
              },
            },
          }),
          { status: 200 },
        ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: '/my-clan/manage', Component: SelectionPage }], {
    initialEntries: ['/my-clan/manage'],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

async function tick(tags: string[]) {
  for (const tag of tags) {
    const box = (await screen.findAllByTestId('select-member')).find(
      (el) => el.getAttribute('data-tag') === tag,
    );
    if (!box) throw new Error(`no checkbox for ${tag}`);
    fireEvent.click(box);
  }
}

const errors = () => screen.queryAllByTestId('selection-error').map((el) => el.textContent);

describe('team selection form (spec 5)', () => {
  it('uses the exact English messages of the domain', () => {
    for (const [code, text] of Object.entries(TEAM_SELECTION_MESSAGES)) {
      expect(en.validation.team[code as keyof typeof en.validation.team]).toBe(text);
    }
  });

  it('sorts members leader, co-leader, then the rest by town hall and name', async () => {
    renderPage();
    const tags = (await screen.findAllByTestId('select-member')).map((el) => el.getAttribute('data-tag'));
    expect(tags).toEqual(['#L', '#C', '#E1', '#E2', '#M1', '#M2', '#M3']);
  });

  it('4 members: Please pick at least 5 clan members', async () => {
    renderPage();
    await tick(['#L', '#E1', '#E2', '#M1']);
    expect(errors()).toEqual(['Please pick at least 5 clan members']);
    expect(screen.getByTestId('selection-continue')).toHaveProperty('disabled', true);
  });

  it('5 without a leader or co-leader: You must select at least 1 Clan Leader or Co-leader', async () => {
    renderPage();
    await tick(['#E1', '#E2', '#M1', '#M2']);
    expect(errors()).toContain('Please pick at least 5 clan members');
    expect(errors()).toContain('You must select at least 1 Clan Leader or Co-leader');
    await tick(['#M3']);
    expect(errors()).toContain('You must select at least 1 Clan Leader or Co-leader');
    expect(errors()).not.toContain('Please pick at least 5 clan members');
  });

  it('5 valid members: no message, continue enabled', async () => {
    renderPage();
    await tick(['#L', '#C', '#E1', '#E2', '#M1']);
    expect(errors()).toEqual([]);
    expect(screen.getByTestId('selection-continue')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('selected-count').textContent).toBe('5 of 5 selected');
  });

  it('says the team size up front and stops a sixth tick with a message, not error 6 later', async () => {
    renderPage();
    expect((await screen.findByTestId('team-size')).textContent).toBe('Pick 5 players');
    await tick(['#L', '#C', '#E1', '#E2', '#M1']);
    expect(screen.getByTestId('selection-full').textContent).toBe('');
    await tick(['#M2']);
    const sixth = screen.getAllByTestId('select-member').find((el) => el.getAttribute('data-tag') === '#M2');
    expect(sixth).toHaveProperty('checked', false);
    expect(screen.getByTestId('selected-count').textContent).toBe('5 of 5 selected');
    expect(screen.getByTestId('selection-full').textContent).toBe(
      'Your team is full: 5 players at most. Untick a player to pick someone else.',
    );
    expect(screen.getByTestId('selection-continue')).toHaveProperty('disabled', false);
    // Unticking one makes room again, and the message goes.
    await tick(['#M1', '#M2']);
    expect(sixth).toHaveProperty('checked', true);
    expect(screen.getByTestId('selection-full').textContent).toBe('');
  });

  it("takes the limit from the team's segment (playersMax plus standby places)", async () => {
    updateSession({ activeEventId: 'ev', activeSegmentId: 'seg-17' });
    const clanFetch = vi.mocked(fetch).getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/events/ev/segments')
          ? new Response(
              JSON.stringify({
                data: [
                  {
                    id: 'seg-17',
                    type: 'segments',
                    attributes: {
                      rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
                      rostersLimit: { limit: 10, standbyLimit: 1 },
                    },
                  },
                ],
              }),
              { status: 200 },
            )
          : clanFetch(input, init),
      ),
    );
    renderPage();
    await waitFor(() => expect(screen.getByTestId('team-size').textContent).toBe('Pick 6 players'));
    await tick(['#L', '#C', '#E1', '#E2', '#M1', '#M2']);
    expect(screen.getByTestId('selected-count').textContent).toBe('6 of 6 selected');
    await tick(['#M3']);
    expect(screen.getByTestId('selected-count').textContent).toBe('6 of 6 selected');
  });

  it('a TH16 player breaks the same-level rule', async () => {
    renderPage();
    await tick(['#L', '#C', '#E1', '#E2', '#M3']);
    expect(errors()).toContain('All selected players must have the same Town Hall level');
  });
});
