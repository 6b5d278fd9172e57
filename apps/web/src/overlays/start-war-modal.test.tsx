import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const goTo = vi.hoisted(() => vi.fn());
vi.mock('../i18n/use-locale', async (original) => ({
  ...(await original<typeof import('../i18n/use-locale')>()),
  useGoTo: () => goTo,
}));
const createWarLink = vi.hoisted(() => vi.fn(async () => '/simulator/war/w1'));
vi.mock('../features/war/war-api', () => ({ createWarLink }));

import type { MatchSeriesValue } from '../features/matches/match-series-api';
import { getStartWar, resetStartWar, showStartWar } from '../features/matches/start-war-store';
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
});

describe('start-war modal', () => {
  it('START WAR opens the war link and closes the modal for that series', async () => {
    act(() => showStartWar(series));
    render(<StartWarModal />);
    fireEvent.click(screen.getByTestId('start-war-button'));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/simulator/war/w1'));
    expect(createWarLink).toHaveBeenCalledWith('ms1');
    expect(getStartWar().series).toBeNull();
    // The next poll of the same series does not bring it back.
    act(() => showStartWar(series));
    expect(getStartWar().series).toBeNull();
  });

  it('stays closed over the simulated game (hidden), without forgetting the series', () => {
    act(() => showStartWar(series));
    render(<StartWarModal hidden />);
    expect(screen.queryByTestId('start-war-button')).toBeNull();
    expect(getStartWar().series?.id).toBe('ms1');
  });
});
