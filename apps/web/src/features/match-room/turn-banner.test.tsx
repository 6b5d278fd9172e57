import { PICKBAN_STEP_EVENT } from '@cwh/contract/constants';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { resetSession, updateSession } from '../session/session-store';
import type { Challenge } from './pickban-api';

const api = vi.hoisted(() => ({ list: [] as unknown[], calls: 0 }));
vi.mock('./pickban-api', () => ({
  fetchMyOpenChallenges: vi.fn(async () => {
    api.calls += 1;
    return api.list;
  }),
}));
const socket = vi.hoisted(() => ({ listener: null as null | ((m: unknown) => void) }));
vi.mock('../../lib/realtime', () => ({
  realtimeFor: () => ({
    subscribe: (listener: (m: unknown) => void) => {
      socket.listener = listener;
      return () => undefined;
    },
    onReconnect: () => () => undefined,
  }),
}));

import { myTurn, TURN_BANNER_SPACE, TurnBanner } from './turn-banner';

initI18n();

const open = (overrides: Partial<Challenge> = {}): Challenge =>
  ({
    id: 'c1',
    status: 'open',
    matchSeriesId: 'ms1',
    categoryId: 'cat',
    steps: [
      { action: 'ban', count: 1, side: 'home' },
      { action: 'pick', count: 1, side: 'away' },
    ],
    starter: 'home',
    pool: ['i1', 'i2'],
    currentStep: 0,
    turn: 'home',
    turnEndsAt: new Date(Date.now() + 45_000).toISOString(),
    banned: [],
    picked: [],
    remaining: ['i1', 'i2'],
    votes: [],
    mySide: 'home',
    createdAt: '2026-01-01T00:00:00Z',
    closedAt: null,
    ...overrides,
  }) as Challenge;

beforeEach(() => {
  resetSession();
  updateSession({ status: 'signedIn', userId: 'u1' });
  api.calls = 0;
});
afterEach(() => {
  api.list = [];
  socket.listener = null;
});

const renderBanner = () =>
  render(
    <MemoryRouter initialEntries={['/leaderboard']}>
      <TurnBanner />
    </MemoryRouter>,
  );

describe('myTurn', () => {
  it("is the open veto where the turn is the viewer's side, the earliest deadline first", () => {
    expect(myTurn([open({ turn: 'away' })])).toBeNull();
    expect(myTurn([open({ status: 'closed', currentStep: null })])).toBeNull();
    expect(myTurn([open({ mySide: null })])).toBeNull();
    const later = open({ id: 'late', turnEndsAt: '2099-01-01T00:10:00Z' });
    const sooner = open({ id: 'soon', turnEndsAt: '2099-01-01T00:01:00Z' });
    expect(myTurn([later, sooner])?.id).toBe('soon');
  });
});

describe('turn banner', () => {
  it('on any page, says it is the captain’s turn with the time left and links to the board', async () => {
    api.list = [open()];
    renderBanner();
    const banner = await screen.findByTestId('turn-banner');
    expect(banner.textContent).toContain('Your turn to ban in pick and ban');
    expect(screen.getByTestId('turn-banner-clock').textContent).toMatch(/^Time left: 0:4\d$/);
    expect(screen.getByTestId('turn-banner-link').getAttribute('href')).toBe('/match/ms1#pickban');
  });

  it("goes once the captain voted: a step notice reads again and the turn is the other side's", async () => {
    api.list = [open()];
    renderBanner();
    await screen.findByTestId('turn-banner');
    api.list = [open({ currentStep: 1, turn: 'away' })];
    act(() =>
      socket.listener?.({
        event: PICKBAN_STEP_EVENT,
        data: { challenge: { id: 'c1' }, matchSeries: { id: 'ms1' }, step: 0, status: 'open' },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('turn-banner')).toBeNull());
    expect(api.calls).toBe(2);
  });

  it('lifts the docked Queue button above itself while shown (--turn-banner-space), and lets it down after', async () => {
    api.list = [open()];
    renderBanner();
    await screen.findByTestId('turn-banner');
    // jsdom lays nothing out: the banner's height reads 0, so the space is the gap alone.
    expect(document.documentElement.style.getPropertyValue(TURN_BANNER_SPACE)).toBe('12px');
    api.list = [open({ currentStep: 1, turn: 'away' })];
    act(() =>
      socket.listener?.({
        event: PICKBAN_STEP_EVENT,
        data: { challenge: { id: 'c1' }, matchSeries: { id: 'ms1' }, step: 0, status: 'open' },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('turn-banner')).toBeNull());
    expect(document.documentElement.style.getPropertyValue(TURN_BANNER_SPACE)).toBe('');
  });

  it('shows nothing signed out, and nothing while it is the other captain’s turn', async () => {
    api.list = [open({ turn: 'away' })];
    renderBanner();
    await waitFor(() => expect(api.calls).toBe(1));
    expect(screen.queryByTestId('turn-banner')).toBeNull();
    act(() => resetSession());
    expect(screen.queryByTestId('turn-banner')).toBeNull();
  });
});
