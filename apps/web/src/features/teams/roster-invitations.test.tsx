import type { RosterInvitationResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/i18n';
import { ready } from '../../lib/loadable';
import { RosterInvitations } from './roster-invitations';

const invitation = (id: string, team: string): RosterInvitationResource => ({
  id,
  type: 'roster-invitations',
  attributes: {
    playerTag: '#PLAYER',
    createdAt: '2026-11-20T10:00:00Z',
    answeredAt: null,
    answer: null,
    roster: { id: `roster-${id}`, displayName: team },
  },
  relationships: { roster: { data: { type: 'rosters', id: `roster-${id}` } } },
});

/** The server: open invitations, and the answers it was sent (an answered one is no longer open). */
let open: RosterInvitationResource[] = [];
const answers: string[] = [];

function renderPanel() {
  const router = createMemoryRouter(
    [{ path: '/my-clan', Component: RosterInvitations, loader: () => ({ invitations: ready(open) }) }],
    { initialEntries: ['/my-clan'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('roster invitations on My Team', () => {
  beforeAll(() => {
    initI18n();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    answers.length = 0;
  });

  function stubServer() {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const match = url.pathname.match(/\/rosters\/invitations\/([^/]+)\/(accept|decline)$/);
        if (match && init?.method === 'POST') {
          answers.push(`${match[1]}:${match[2]}`);
          open = open.filter((i) => i.id !== match[1]);
          return new Response(JSON.stringify({ data: null }), {
            status: 200,
            headers: { 'content-type': 'application/vnd.api+json' },
          });
        }
        return new Response(null, { status: 503 });
      }),
    );
  }

  it('shows nothing without invitations', async () => {
    open = [];
    stubServer();
    renderPanel();
    await waitFor(() => expect(document.querySelector('[data-testid="roster-invitations"]')).toBeNull());
    expect(screen.queryByTestId('roster-invitation')).toBeNull();
  });

  it('accepting joins the team: the server is told, the invitation goes, the player is told', async () => {
    open = [invitation('inv-1', 'Drifters'), invitation('inv-2', 'Nomads')];
    stubServer();
    renderPanel();
    await waitFor(() =>
      expect(screen.queryByText('Drifters invites you to play on its roster.')).not.toBeNull(),
    );
    fireEvent.click(screen.getAllByTestId('roster-invitation-accept')[0] as HTMLElement);
    expect((await screen.findByTestId('roster-invitation-answered')).textContent).toBe(
      'You joined Drifters.',
    );
    await waitFor(() => expect(screen.getAllByTestId('roster-invitation')).toHaveLength(1));
    expect(answers).toEqual(['inv-1:accept']);
    expect(screen.queryByText('Nomads invites you to play on its roster.')).not.toBeNull();
  });

  it('declining closes the invitation without joining', async () => {
    open = [invitation('inv-3', 'Wanderers')];
    stubServer();
    renderPanel();
    fireEvent.click(await screen.findByTestId('roster-invitation-decline'));
    expect((await screen.findByTestId('roster-invitation-answered')).textContent).toBe(
      'You declined the invitation from Wanderers.',
    );
    await waitFor(() => expect(screen.queryByTestId('roster-invitation')).toBeNull());
    expect(answers).toEqual(['inv-3:decline']);
  });
});
