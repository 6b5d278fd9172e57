import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../i18n/use-locale', async (original) => ({
  ...(await original<typeof import('../i18n/use-locale')>()),
  useGoTo: () => vi.fn(),
}));
const findMatch = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../features/ladder/queue-actions', () => ({ findMatch }));

import type { RosterMemberValue } from '@cwh/contract';
import { resetQueue, updateQueue } from '../features/ladder/queue-store';
import { INITIAL_SESSION, resetSession, updateSession } from '../features/session/session-store';
import { initI18n } from '../i18n/i18n';
import { SelectFiveModal } from './select-five-modal';

initI18n();

const member = (tag: string, townHallLevel: number): RosterMemberValue => ({
  tag,
  name: `Player ${tag}`,
  role: 'member',
  townHallLevel,
  position: tag === '#CAP' ? 'captain' : 'player',
  userId: null,
  inClan: true,
  registered: true,
  registrationStatus: 'ready',
  chatAccountConnected: false,
});

function withRoster(members: RosterMemberValue[]) {
  updateSession({
    ...INITIAL_SESSION,
    status: 'signedIn',
    clan: { tag: '#CLAN', name: 'Clan', thLevel: 17 },
    roster: {
      id: 'r1',
      name: 'Team',
      eventId: 'e1',
      segmentId: 's1',
      thLevel: 17,
      captainTag: '#CAP',
      locked: true,
      confirmedAt: null,
      createdAt: '2026-01-01T00:00:00Z',
      registrationStatus: 'after',
      canCompete: true,
      members,
      changes: { used: 0, limit: 3, remaining: 3 },
    },
  });
  updateQueue({ selectOpen: true, available: true, rosterId: 'r1' });
}

const checked = () =>
  screen
    .getAllByTestId('select-five-player')
    .filter((row) => (row.querySelector('input') as HTMLInputElement).checked)
    .map((row) => row.dataset.tag);

describe('select five players modal', () => {
  beforeEach(() => {
    resetSession();
    resetQueue();
  });
  afterEach(() => findMatch.mockClear());

  it('preselects exactly five players on the clan level and enables Find Match', () => {
    withRoster(['#CAP', '#A', '#B', '#C', '#D'].map((t) => member(t, 17)).concat(member('#E', 16)));
    render(<SelectFiveModal />);
    expect(checked()).toEqual(['#CAP', '#A', '#B', '#C', '#D']);
    const submit = screen.getByTestId('select-five-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(findMatch).toHaveBeenCalledWith(['#CAP', '#A', '#B', '#C', '#D'], expect.any(Function));
  });

  it('otherwise preselects only the captain; captain and other-TH rows are locked; needs exactly 5', () => {
    withRoster(['#CAP', '#A', '#B', '#C', '#D', '#F'].map((t) => member(t, 17)).concat(member('#E', 16)));
    render(<SelectFiveModal />);
    expect(checked()).toEqual(['#CAP']);
    const input = (tag: string) =>
      screen
        .getAllByTestId('select-five-player')
        .find((row) => row.dataset.tag === tag)
        ?.querySelector('input') as HTMLInputElement;
    expect(input('#CAP').disabled).toBe(true);
    expect(input('#E').disabled).toBe(true);
    const submit = screen.getByTestId('select-five-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    for (const tag of ['#A', '#B', '#C', '#D']) fireEvent.click(input(tag));
    expect(submit.disabled).toBe(false);
    fireEvent.click(input('#F'));
    expect(checked()).toHaveLength(6);
    expect(submit.disabled).toBe(true);
  });
});
