import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const goTo = vi.hoisted(() => vi.fn());
vi.mock('../../i18n/use-locale', async (original) => ({
  ...(await original<typeof import('../../i18n/use-locale')>()),
  useGoTo: () => goTo,
}));
const createWarLink = vi.hoisted(() => vi.fn(async () => '/simulator/war/w1'));
vi.mock('../war/war-api', () => ({ createWarLink }));

import { initI18n } from '../../i18n/i18n';
import type { MatchSeriesValue } from './match-series-api';
import { StartWarButton } from './start-war-button';
import { dismissStartWar, resetStartWar, showStartWar, startWarModalOpen } from './start-war-store';

initI18n();
const series = { id: 'ms1', state: 'upcoming', officialWar: null } as unknown as MatchSeriesValue;

afterEach(() => {
  act(() => resetStartWar());
  goTo.mockClear();
});

const renderButton = (seriesId?: string) =>
  render(
    <MemoryRouter>
      <StartWarButton testId="team-start-war" {...(seriesId ? { seriesId } : {})} />
    </MemoryRouter>,
  );

describe('START WAR outside the modal (My Team, match page)', () => {
  it('stays after the captain closed the modal, and starts the war in one tap', async () => {
    act(() => {
      showStartWar(series);
      dismissStartWar();
    });
    expect(startWarModalOpen()).toBe(false);
    renderButton();
    fireEvent.click(screen.getByTestId('team-start-war'));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/simulator/war/w1'));
    expect(createWarLink).toHaveBeenCalledWith('ms1');
  });

  it('shows nothing without an upcoming series, and on a match page only for that series', () => {
    const { unmount } = renderButton();
    expect(screen.queryByTestId('team-start-war')).toBeNull();
    unmount();
    act(() => showStartWar(series));
    const other = renderButton('ms2');
    expect(screen.queryByTestId('team-start-war')).toBeNull();
    other.unmount();
    renderButton('ms1');
    expect(screen.getByTestId('team-start-war').textContent).toBe('Start War');
  });
});
