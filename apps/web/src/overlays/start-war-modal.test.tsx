import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const goTo = vi.hoisted(() => vi.fn());
vi.mock('../i18n/use-locale', async (original) => ({
  ...(await original<typeof import('../i18n/use-locale')>()),
  useGoTo: () => goTo,
}));
const createWarLink = vi.hoisted(() => vi.fn(async () => '/simulator/war/w1'));
vi.mock('../features/war/war-api', () => ({ createWarLink }));
const challenges = vi.hoisted(() => ({ list: [] as unknown[] }));
vi.mock('../features/match-room/pickban-api', () => ({
  fetchSeriesChallenges: vi.fn(async () => challenges.list),
  fetchCategoryItems: vi.fn(async () => [{ id: 'i1', name: 'Heroes off', description: null }]),
}));

import { MemoryRouter } from 'react-router';
import type { MatchSeriesValue } from '../features/matches/match-series-api';
import {
  getStartWar,
  resetStartWar,
  START_WAR_DISMISSED_KEY,
  showStartWar,
  startWarModalOpen,
} from '../features/matches/start-war-store';
import { initI18n } from '../i18n/i18n';
import { StartWarModal } from './start-war-modal';

initI18n();

const series = {
  id: 'ms1',
  state: 'upcoming',
  date: '2099-01-01T12:00:00Z',
  competitors: [
    { id: 'c1', displayName: 'Atlanta Titans', placement: null, result: { score: null, forfeit: false } },
    { id: 'c2', displayName: 'Nordic Raiders', placement: null, result: { score: null, forfeit: false } },
  ],
  matches: [],
  officialWar: null,
} as unknown as MatchSeriesValue;

afterEach(() => {
  act(() => resetStartWar());
  goTo.mockClear();
  challenges.list = [];
});

const renderAt = (path: string, hidden = false) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <StartWarModal hidden={hidden} />
    </MemoryRouter>,
  );

/** A running pick and ban of the series: home banned Heroes off, away to play. */
const openVeto = {
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
  currentStep: 1,
  turn: 'away',
  turnEndsAt: '2099-01-01T11:00:00Z',
  banned: ['i1'],
  picked: [],
  remaining: ['i2'],
  votes: [{ step: 0, side: 'home', action: 'ban', items: ['i1'], auto: false, at: '2099-01-01T10:59:00Z' }],
  mySide: 'away',
  createdAt: '2099-01-01T10:58:00Z',
  closedAt: null,
};

describe('start-war modal', () => {
  it('START WAR opens the war link and closes the modal for that series', async () => {
    act(() => showStartWar(series));
    renderAt('/');
    fireEvent.click(screen.getByTestId('start-war-button'));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/simulator/war/w1'));
    expect(createWarLink).toHaveBeenCalledWith('ms1');
    await waitFor(() => expect(screen.queryByTestId('start-war-modal')).toBeNull());
    // The next poll of the same series does not bring it back.
    act(() => showStartWar({ ...series, state: 'scheduled' } as MatchSeriesValue));
    expect(screen.queryByTestId('start-war-modal')).toBeNull();
  });

  it('closes by its visible close button, for that series only, and remembers it across a reload', () => {
    act(() => showStartWar(series));
    renderAt('/');
    fireEvent.click(screen.getByTestId('start-war-modal-close'));
    expect(screen.queryByTestId('start-war-modal')).toBeNull();
    // The series stays known (My Team and the match page still offer START WAR)…
    expect(getStartWar().series?.id).toBe('ms1');
    expect(startWarModalOpen()).toBe(false);
    // …and the closed id is stored, so a new page load does not show the modal again.
    expect(JSON.parse(localStorage.getItem(START_WAR_DISMISSED_KEY) ?? '[]')).toEqual(['ms1']);
    // A new match shows it again.
    act(() => showStartWar({ ...series, id: 'ms2' } as MatchSeriesValue));
    expect(screen.queryByTestId('start-war-modal')).not.toBeNull();
  });

  it('closes by a tap outside the card (the backdrop), not by a tap inside it', () => {
    act(() => showStartWar(series));
    renderAt('/');
    fireEvent.click(screen.getByTestId('start-war-note'));
    expect(screen.queryByTestId('start-war-modal')).not.toBeNull();
    fireEvent.click(screen.getByTestId('start-war-modal-backdrop'));
    expect(screen.queryByTestId('start-war-modal')).toBeNull();
    expect(startWarModalOpen()).toBe(false);
  });

  it('stays closed over the simulated game (hidden), without forgetting the series', () => {
    act(() => showStartWar(series));
    renderAt('/', true);
    expect(screen.queryByTestId('start-war-button')).toBeNull();
    expect(getStartWar().series?.id).toBe('ms1');
  });

  it('a running pick and ban comes first: the modal sends the captain to it, and steps aside on the match page', async () => {
    challenges.list = [openVeto];
    act(() => showStartWar(series));
    const { unmount } = renderAt('/competition');
    const link = await screen.findByTestId('start-war-to-veto');
    expect(link.getAttribute('href')).toBe('/match/ms1');
    expect(screen.getByTestId('start-war-veto').textContent).toContain('Heroes off');
    unmount();
    renderAt('/match/ms1');
    await waitFor(() => expect(screen.queryByTestId('start-war-button')).toBeNull());
    expect(getStartWar().series?.id).toBe('ms1');
  });

  it('once the pick and ban is over, the modal shows its result and no link', async () => {
    challenges.list = [
      {
        ...openVeto,
        status: 'closed',
        currentStep: null,
        turn: null,
        turnEndsAt: null,
        picked: ['i2'],
        remaining: [],
      },
    ];
    act(() => showStartWar(series));
    renderAt('/match/ms1');
    await waitFor(() =>
      expect(screen.getByTestId('start-war-veto').textContent).toContain('Pick and ban result'),
    );
    expect(screen.queryByTestId('start-war-to-veto')).toBeNull();
    expect(screen.queryByTestId('start-war-button')).not.toBeNull();
  });
});
