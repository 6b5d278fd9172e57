import type { SocketUpdate } from '@cwh/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { changeField } from '../../test-fields';
import { INITIAL_SESSION, resetSession, updateSession } from '../session/session-store';
import type { ChatMessage } from './match-chat-api';
import { mergeMessages, noticeKey } from './match-chat-view';

const listeners: ((m: SocketUpdate) => void)[] = [];
vi.mock('../../lib/realtime', () => ({
  realtimeFor: (userId: string | null) =>
    userId
      ? {
          userId,
          subscribe: (l: (m: SocketUpdate) => void) => {
            listeners.push(l);
            return () => listeners.splice(listeners.indexOf(l), 1);
          },
          onReconnect: () => () => {},
          close: () => {},
        }
      : null,
}));
const { MatchChat } = await import('./match-chat');

function message(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    matchSeriesId: 's-1',
    kind: 'user',
    body: `text ${id}`,
    notice: null,
    author: { id: 'u2', name: 'Galaxy captain', role: 'captain' },
    deleted: false,
    createdAt: `2026-11-26T10:00:0${id.slice(-1)}Z`,
    ...overrides,
  };
}
const resource = ({ id, ...attributes }: ChatMessage) => ({ id, type: 'chat-messages', attributes });

describe('match chat view (pure)', () => {
  it('merges by id, oldest first; a removal replaces the message', () => {
    const list = mergeMessages([message('m2'), message('m1')], [message('m3')]);
    expect(list.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    const removed = mergeMessages(list, [message('m2', { deleted: true, body: null })]);
    expect(removed.map((m) => [m.id, m.deleted])).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
    ]);
  });

  it('words notices with the team names', () => {
    const names = { home: 'Titans', away: 'Galaxy' };
    expect(
      noticeKey({ type: 'pickban_step', params: { step: 2, action: 'ban', side: 'away', auto: 1 } }, names),
    ).toEqual({
      key: 'notice.pickbanAuto.ban',
      values: { team: 'Galaxy', step: 2 },
    });
    expect(noticeKey({ type: 'pickban_step', params: { step: null } }, names).key).toBe('notice.pickbanOpen');
    expect(
      noticeKey({ type: 'result_recorded', params: { homeStars: 9, awayStars: 3 } }, names).values,
    ).toEqual({
      home: 'Titans',
      away: 'Galaxy',
      homeStars: 9,
      awayStars: 3,
    });
  });
});

describe('MatchChat', () => {
  const calls: { url: string; init?: RequestInit }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
  let history: () => Response;
  let sendAnswer: () => Response;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (init?.method === 'POST') return sendAnswer();
    if (init?.method === 'DELETE')
      return json({ data: resource(message('m1', { deleted: true, body: null })) });
    return history();
  });
  const page = (messages: ChatMessage[], canModerate = false) =>
    json({
      data: [...messages].reverse().map(resource),
      meta: { page: { size: 30, hasMore: false }, room: { canModerate } },
    });

  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
    calls.length = 0;
    listeners.length = 0;
    updateSession({ ...INITIAL_SESSION, status: 'signedIn', userId: 'u1' });
    history = () =>
      page([
        message('m1'),
        message('m2', {
          kind: 'system',
          body: null,
          author: null,
          notice: { type: 'check_in', params: { team: 'Titans' } },
        }),
      ]);
    sendAnswer = () =>
      json(
        {
          data: resource(
            message('m3', { body: '<b>gg</b>', author: { id: 'u1', name: 'me', role: 'captain' } }),
          ),
        },
        201,
      );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    resetSession();
  });

  const names = { home: 'Titans', away: 'Galaxy' };

  it('a log read out politely, a labelled box: sending shows the message as text', async () => {
    render(<MatchChat matchSeriesId="s-1" names={names} />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(within(log).queryByText('text m1')).not.toBeNull();
    expect(within(log).queryByText('Titans checked in.')).not.toBeNull();
    expect(calls[0]!.url).toMatch(/\/api\/chat\/1\.0\/history\?filter%5BmatchSeries\.id%5D=s-1$/);
    const box = screen.getByLabelText('Your message');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    changeField(box, { target: { value: '  <b>gg</b> ' } });
    expect(screen.queryByText('491 characters left')).not.toBeNull();
    fireEvent.click(send);
    await waitFor(() => expect(within(log).queryByText('<b>gg</b>')).not.toBeNull());
    expect(log.querySelector('b')).toBeNull();
    const posted = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(posted.init!.body))).toEqual({
      data: { type: 'chat-messages', attributes: { matchSeriesId: 's-1', body: '<b>gg</b>' } },
    });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('a refusal is shown as an alert (rate limit with its wait); the draft stays', async () => {
    sendAnswer = () =>
      json(
        {
          errors: [
            { status: '429', code: 'RATE_LIMITED', title: 'Too many', meta: { retryAfterSeconds: 7 } },
          ],
          meta: { message: '429', status: 429, method: 'POST', path: '/history' },
        },
        429,
      );
    render(<MatchChat matchSeriesId="s-1" names={names} />);
    const box = await screen.findByLabelText('Your message');
    changeField(box, { target: { value: 'hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages. Wait 7 seconds.');
    expect((box as HTMLTextAreaElement).value).toBe('hello');
  });

  it('nothing for someone outside the room (403) or signed out', async () => {
    history = () =>
      json(
        {
          errors: [{ status: '403', code: 'FORBIDDEN', title: 'Forbidden' }],
          meta: { message: '403', status: 403, method: 'GET', path: '/history' },
        },
        403,
      );
    const { container } = render(<MatchChat matchSeriesId="s-1" names={names} />);
    await waitFor(() => expect(calls.length).toBe(1));
    await act(async () => {});
    expect(container.innerHTML).toBe('');
    resetSession();
    calls.length = 0;
    const signedOut = render(<MatchChat matchSeriesId="s-1" names={names} />);
    expect(signedOut.container.innerHTML).toBe('');
    expect(calls).toEqual([]);
  });

  it('live: a pushed message of this series appears, another series is ignored; a moderator removes one', async () => {
    history = () => page([message('m1')], true);
    render(<MatchChat matchSeriesId="s-1" names={names} />);
    const log = await screen.findByRole('log');
    act(() => {
      for (const l of listeners) {
        l({
          event: 'matches:chat_message',
          data: { matchSeries: { id: 's-1' }, message: resource(message('m4', { body: 'live one' })) },
        } as SocketUpdate);
        l({
          event: 'matches:chat_message',
          data: { matchSeries: { id: 's-9' }, message: resource(message('m5', { body: 'elsewhere' })) },
        } as SocketUpdate);
      }
    });
    expect(within(log).queryByText('live one')).not.toBeNull();
    expect(within(log).queryByText('elsewhere')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove the message from Galaxy captain' })[0]!);
    await waitFor(() => expect(within(log).queryByText('Message removed')).not.toBeNull());
    expect(calls.find((c) => c.init?.method === 'DELETE')!.url).toMatch(/\/api\/chat\/1\.0\/history\/m1$/);
  });
});
