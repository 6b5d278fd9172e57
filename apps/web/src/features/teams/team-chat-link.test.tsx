import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { changeField } from '../../test-fields';
import { INITIAL_SESSION, type SessionState } from '../session/session-store';
import { isChatLink, TeamChatLinkForm } from './team-chat-link';

const patch = vi.fn(async () => ({}));
vi.mock('../session/session-api', () => ({
  authApi: { patch: (...args: unknown[]) => patch(...(args as [])) },
}));
vi.mock('../session/load-session', () => ({ refreshClan: vi.fn(async () => ({})) }));

const session = (over: Partial<SessionState>): SessionState => ({
  ...INITIAL_SESSION,
  isCaptain: true,
  roster: { id: 'r1', chatGroupUrl: null } as unknown as SessionState['roster'],
  ...over,
});
const renderForm = (value: SessionState) =>
  render(
    <I18nextProvider i18n={initI18n()}>
      <TeamChatLinkForm session={value} />
    </I18nextProvider>,
  );

describe("the captain sets the team's own chat group link", () => {
  beforeEach(async () => {
    patch.mockClear();
    await loadLocale('en');
  });

  it.each([
    ['https://discord.gg/titans', true],
    ['http://discord.gg/titans', false],
    ['javascript:alert(1)', false],
    ['https://', false],
  ])('%s is an invite link: %s', (value, ok) => {
    expect(isChatLink(value)).toBe(ok);
  });

  it('only the captain sees the form', () => {
    const { container } = renderForm(session({ isCaptain: false }));
    expect(container.innerHTML).toBe('');
  });

  it('a link that is not https is refused on the page, nothing is sent', () => {
    renderForm(session({}));
    changeField(screen.getByTestId('team-chat-link-input'), { target: { value: 'http://x.test' } });
    fireEvent.click(screen.getByTestId('team-chat-link-save'));
    expect(screen.getByRole('alert').textContent).toContain('https://');
    expect(patch).not.toHaveBeenCalled();
  });

  it("saves the link on the team's roster; an empty field clears it", async () => {
    renderForm(session({}));
    changeField(screen.getByTestId('team-chat-link-input'), {
      target: { value: ' https://discord.gg/titans ' },
    });
    fireEvent.click(screen.getByTestId('team-chat-link-save'));
    await screen.findByTestId('team-chat-link-saved');
    expect(patch).toHaveBeenCalledWith('/api/tournaments/1.0/rosters/r1', {
      data: { attributes: { chatGroupUrl: 'https://discord.gg/titans' } },
    });
    changeField(screen.getByTestId('team-chat-link-input'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('team-chat-link-save'));
    await vi.waitFor(() =>
      expect(patch).toHaveBeenLastCalledWith('/api/tournaments/1.0/rosters/r1', {
        data: { attributes: { chatGroupUrl: null } },
      }),
    );
  });
});
