import type { ClanRosterValue, RosterMemberValue } from '@cwh/contract';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { INITIAL_SESSION } from '../session/session-store';
import { Roster } from './my-team-page';

const member = (tag: string, name: string, chat: string | null): RosterMemberValue => ({
  tag,
  name,
  role: tag === '#LEAD' ? 'leader' : 'member',
  townHallLevel: 17,
  position: tag === '#LEAD' ? 'captain' : 'player',
  userId: `u-${tag}`,
  inClan: true,
  registered: true,
  registrationStatus: 'ready',
  chatAccountConnected: chat !== null,
  chatAccountName: chat,
});

const roster = {
  id: 'r-1',
  name: 'Atlanta Titans',
  eventId: 'e-1',
  segmentId: 's-1',
  thLevel: 17,
  captainTag: '#LEAD',
  locked: true,
  confirmedAt: '2026-11-01T10:00:00Z',
  createdAt: '2026-10-01T10:00:00Z',
  registrationStatus: 'open',
  canCompete: true,
  members: [
    member('#LEAD', 'Marcus', 'marcus_stone'),
    member('#ME', 'Ana', null),
    member('#OTHER', 'Bo', null),
  ],
  changes: { used: 0, limit: 3, remaining: 3 },
} as ClanRosterValue;

function renderRoster(playerTag: string) {
  render(
    <I18nextProvider i18n={initI18n()}>
      <MemoryRouter>
        <Roster session={{ ...INITIAL_SESSION, status: 'signedIn', roster, playerTag }} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const line = (tag: string) => screen.getAllByTestId('member').find((el) => el.dataset.tag === tag)!;
  return line;
}

describe('connected chat account on the team page', () => {
  it("shows each member's connected account by name, and tells the viewer theirs is not connected", async () => {
    await loadLocale('en');
    const line = renderRoster('#ME');
    expect(within(line('#LEAD')).getByTestId('chat-account').textContent).toBe('Chat: marcus_stone');
    expect(within(line('#ME')).getByTestId('chat-account-missing').textContent).toBe(
      'Chat account not connected',
    );
    // Another member without an account: nothing said about them.
    expect(within(line('#OTHER')).queryByTestId('chat-account-missing')).toBeNull();
    expect(within(line('#OTHER')).queryByTestId('chat-account')).toBeNull();
  });

  it('in the viewer language', async () => {
    await loadLocale('ko');
    const line = renderRoster('#ME');
    expect(within(line('#ME')).getByTestId('chat-account-missing').textContent).toBe('채팅 계정 연결 안 됨');
    await loadLocale('en');
  });
});
