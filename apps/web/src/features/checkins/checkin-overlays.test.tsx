import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const startWarCheckIn = vi.hoisted(() => vi.fn(async () => null));
vi.mock('./match-checkin-actions', () => ({ startWarCheckIn }));
const submitSegmentCheckIn = vi.hoisted(() => vi.fn(async () => true));
vi.mock('./segment-checkin-flow', async (original) => ({
  ...(await original<typeof import('./segment-checkin-flow')>()),
  submitSegmentCheckIn,
}));

import type { RosterMemberValue } from '@cwh/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../i18n/i18n';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { INITIAL_SESSION, resetSession, updateSession } from '../session/session-store';
import { CheckInButtons } from './checkin-buttons';
import type { PromptMode } from './checkin-rules';
import { CheckInSelectModal } from './checkin-select-modal';
import {
  addMissedNotice,
  getCheckIns,
  resetCheckIns,
  showCheckInPrompt,
  updateCheckIns,
} from './checkin-store';
import { MatchCheckInPrompt } from './match-checkin-prompt';
import { SegmentCheckInDialog } from './segment-checkin-dialog';

initI18n();

const member = (
  tag: string,
  townHallLevel: number,
  role: RosterMemberValue['role'] = 'member',
): RosterMemberValue => ({
  tag,
  name: `Player ${tag}`,
  role,
  townHallLevel,
  position: tag === '#CAP' ? 'captain' : 'player',
  userId: null,
  inClan: true,
  registered: true,
  registrationStatus: 'ready',
  chatAccountConnected: false,
});

function captainWith(members: RosterMemberValue[]) {
  updateSession({
    ...INITIAL_SESSION,
    status: 'signedIn',
    userId: 'u1',
    isCaptain: true,
    clan: { tag: '#CLAN', name: 'Clan', thLevel: 17 },
    roster: {
      id: 'r1',
      name: 'Team',
      eventId: 'e1',
      segmentId: 's1',
      thLevel: 17,
      captainTag: '#CAP',
      locked: true,
      confirmedAt: '2026-01-01T00:00:00Z',
      createdAt: '2026-01-01T00:00:00Z',
      registrationStatus: 'after',
      canCompete: true,
      members,
      changes: { used: 0, limit: 3, remaining: 3 },
    },
  });
}

const SIX = [
  member('#CAP', 17, 'leader'),
  ...['#A', '#B', '#C', '#D', '#F'].map((t) => member(t, 17)),
  member('#E', 16),
];
const FIVE = [
  member('#CAP', 17, 'leader'),
  ...['#A', '#B', '#C', '#D'].map((t) => member(t, 17)),
  member('#E', 16),
];

const series = {
  id: 'ms1',
  date: '2026-03-01T12:03:00Z',
  state: 'scheduled',
  competitors: [
    { displayName: 'Home Team', roster: { id: 'r1' } },
    { displayName: 'Away Team', roster: { id: 'r2' } },
  ],
  matches: [],
  segment: { id: 'mq' },
} as unknown as MatchSeriesValue;

function promptFor(mode: PromptMode) {
  showCheckInPrompt(series, { id: 'seg', name: 'Monthly Qualifier', mode });
}

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

/** The row's checkbox (a role query walks the accessibility tree: slow in jsdom). */
const box = (row: HTMLElement) => row.querySelector('input') as HTMLInputElement;
const boxes = (root: HTMLElement) => [...root.querySelectorAll('input')] as HTMLInputElement[];

const checkedTags = (testId = 'checkin-player') =>
  screen
    .getAllByTestId(testId)
    .filter((row) => (row.querySelector('input') as HTMLInputElement).checked)
    .map((row) => row.dataset.tag);

describe('match check-in prompt', () => {
  beforeEach(() => {
    resetSession();
    resetCheckIns();
  });
  afterEach(() => startWarCheckIn.mockClear());

  it('is empty without a match in its check-in window', () => {
    captainWith(SIX);
    renderAt('/', <MatchCheckInPrompt />);
    expect(screen.queryByTestId('checkin-prompt')).toBeNull();
  });

  it('monthly qualifier: lists tag, role and TH; captain and other TH locked; only the captain preselected; START WAR needs 5', () => {
    captainWith(SIX);
    promptFor('qualifier');
    renderAt('/my-clan', <MatchCheckInPrompt />);
    const prompt = screen.getByTestId('checkin-prompt');
    expect(within(prompt).getByTestId('checkin-prompt-text').textContent).toBe(
      'Select 5 players and tap START WAR.',
    );
    const rows = screen.getAllByTestId('checkin-player');
    expect(rows.map((row) => row.dataset.tag)).toEqual(['#CAP', '#A', '#B', '#C', '#D', '#F', '#E']);
    expect(rows[0]?.textContent).toContain('#CAP · Leader · TH17');
    expect(rows[6]?.textContent).toContain('#E · Member · TH16');
    expect(
      rows.filter((row) => row.dataset.locked).map((row) => [row.dataset.tag, row.dataset.locked]),
    ).toEqual([
      ['#CAP', 'captain'],
      ['#E', 'thMismatch'],
    ]);
    // Six players on the clan's level: not exactly five, so only the captain is preselected.
    expect(checkedTags()).toEqual(['#CAP']);
    const start = screen.getByTestId('checkin-start-war') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    for (const tag of ['#A', '#B', '#C', '#D']) {
      fireEvent.click(box(rows.find((row) => row.dataset.tag === tag)!));
    }
    // The locked rows cannot be toggled.
    fireEvent.click(box(rows[0]!));
    fireEvent.click(box(rows[6]!));
    expect(checkedTags()).toEqual(['#CAP', '#A', '#B', '#C', '#D']);
    expect(screen.getByTestId('checkin-prompt-count').textContent).toBe('5 of 5 selected');
    expect(start.disabled).toBe(false);
    fireEvent.click(start);
    expect(startWarCheckIn).toHaveBeenCalledWith(['#CAP', '#A', '#B', '#C', '#D'], expect.any(Function));
  });

  it('a clan reload with the same lineup keeps the pick; a changed lineup preselects again', () => {
    captainWith(FIVE);
    promptFor('qualifier');
    renderAt('/', <MatchCheckInPrompt />);
    fireEvent.click(box(screen.getAllByTestId('checkin-player')[1]!));
    expect(checkedTags()).toEqual(['#CAP', '#B', '#C', '#D']);
    act(() => captainWith(FIVE.map((m) => ({ ...m }))));
    expect(checkedTags()).toEqual(['#CAP', '#B', '#C', '#D']);
    act(() => captainWith([...FIVE, member('#G', 17)]));
    expect(checkedTags()).toEqual(['#CAP']);
  });

  it('monthly qualifier with exactly five on the clan level: they are preselected', () => {
    captainWith(FIVE);
    promptFor('qualifier');
    renderAt('/', <MatchCheckInPrompt />);
    expect(checkedTags()).toEqual(['#CAP', '#A', '#B', '#C', '#D']);
    expect((screen.getByTestId('checkin-start-war') as HTMLButtonElement).disabled).toBe(false);
  });

  it('monthly final: only "tap START WAR", no list; START WAR runs the check-in at once', () => {
    captainWith(SIX);
    promptFor('final');
    renderAt('/', <MatchCheckInPrompt />);
    expect(screen.getByTestId('checkin-prompt-text').textContent).toBe('Tap START WAR.');
    expect(screen.queryByTestId('checkin-players')).toBeNull();
    expect(screen.getByTestId('checkin-prompt').textContent).toContain('Home Team');
    fireEvent.click(screen.getByTestId('checkin-start-war'));
    expect(startWarCheckIn).toHaveBeenCalledTimes(1);
  });

  it('other stages: START WAR opens the select-five modal, whose START WAR needs exactly 5', () => {
    captainWith(FIVE);
    promptFor('selectFive');
    renderAt(
      '/',
      <>
        <MatchCheckInPrompt />
        <CheckInSelectModal />
      </>,
    );
    expect(screen.queryByTestId('checkin-select-modal')).toBeNull();
    fireEvent.click(screen.getByTestId('checkin-start-war'));
    expect(startWarCheckIn).not.toHaveBeenCalled();
    const modal = screen.getByTestId('checkin-select-modal');
    expect(checkedTags()).toEqual(['#CAP', '#A', '#B', '#C', '#D']);
    fireEvent.click(boxes(modal)[1]!);
    expect((screen.getByTestId('checkin-select-start-war') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(boxes(modal)[1]!);
    fireEvent.click(screen.getByTestId('checkin-select-start-war'));
    expect(startWarCheckIn).toHaveBeenCalledWith(['#CAP', '#B', '#C', '#D', '#A'], expect.any(Function));
  });

  it('START WAR is disabled while a check-in runs', () => {
    captainWith(SIX);
    promptFor('final');
    updateCheckIns({ loading: true });
    renderAt('/', <MatchCheckInPrompt />);
    expect((screen.getByTestId('checkin-start-war') as HTMLButtonElement).disabled).toBe(true);
  });

  it('after checking in without a link, says it waits for the opponent; the lineup is no longer asked', () => {
    captainWith(SIX);
    promptFor('qualifier');
    updateCheckIns({ checkedInSeriesId: 'ms1' });
    renderAt('/', <MatchCheckInPrompt />);
    expect(screen.getByTestId('checkin-prompt-waiting').textContent).toContain('Your team is checked in.');
    expect(screen.queryByTestId('checkin-players')).toBeNull();
    expect(screen.queryByTestId('checkin-prompt-text')).toBeNull();
    fireEvent.click(screen.getByTestId('checkin-start-war'));
    expect(startWarCheckIn).toHaveBeenCalledTimes(1);
  });

  it('never shows over the simulated game pages', () => {
    captainWith(SIX);
    promptFor('final');
    renderAt('/fr/simulator/war/w1', <MatchCheckInPrompt />);
    expect(screen.queryByTestId('overlay-checkin-prompt')).toBeNull();
  });

  it('folds away with Later; the Check In button of My Team brings it back', () => {
    captainWith(SIX);
    promptFor('final');
    renderAt(
      '/my-clan',
      <>
        <CheckInButtons session={{ ...INITIAL_SESSION, isCaptain: true }} />
        <MatchCheckInPrompt />
      </>,
    );
    fireEvent.click(screen.getByTestId('checkin-prompt-fold'));
    expect(screen.queryByTestId('checkin-prompt')).toBeNull();
    fireEvent.click(screen.getByTestId('match-check-in'));
    expect(screen.queryByTestId('checkin-prompt')).not.toBeNull();
  });

  it('shows the missed check-in notices for the own team and the opponent', () => {
    renderAt('/', <MatchCheckInPrompt />);
    // The socket notices arrive while the page is shown; the same one twice shows once.
    act(() => {
      addMissedNotice({ seriesId: 'ms1', by: 'own' });
      addMissedNotice({ seriesId: 'ms2', by: 'opponent' });
      addMissedNotice({ seriesId: 'ms2', by: 'opponent' });
    });
    expect(screen.getByTestId('missed-checkin-own').textContent).toContain(
      'Your team missed the Match Check-In window.',
    );
    expect(screen.getAllByTestId('missed-checkin-opponent')).toHaveLength(1);
    expect(screen.getByTestId('missed-checkin-opponent').textContent).toContain('Your opponent missed');
    fireEvent.click(screen.getByTestId('missed-checkin-own').querySelector('button')!);
    expect(screen.queryByTestId('missed-checkin-own')).toBeNull();
  });
});

describe('Tournament Check In button and segment check-in modal', () => {
  beforeEach(() => {
    resetSession();
    resetCheckIns();
    submitSegmentCheckIn.mockClear();
  });

  const captain = { ...INITIAL_SESSION, isCaptain: true, roster: { locked: true } } as never;

  it('the button shows only while a stage check-in is open and the roster is not checked in', () => {
    const { rerender } = render(<CheckInButtons session={captain} />);
    expect(screen.queryByTestId('tournament-check-in')).toBeNull();
    updateCheckIns({
      tournamentSegment: { id: 'mq', name: 'Monthly Qualifier', mode: 'qualifier' },
      checkedIn: false,
    });
    rerender(<CheckInButtons session={captain} />);
    fireEvent.click(screen.getByTestId('tournament-check-in'));
    expect(getCheckIns().segmentModalOpen).toBe(true);
    updateCheckIns({ checkedIn: true });
    rerender(<CheckInButtons session={captain} />);
    expect(screen.queryByTestId('tournament-check-in')).toBeNull();
  });

  it('monthly qualifier: a single confirm, no player list', () => {
    captainWith(SIX);
    updateCheckIns({
      tournamentSegment: { id: 'mq', name: 'Monthly Qualifier', mode: 'qualifier' },
      checkedIn: false,
      segmentModalOpen: true,
    });
    renderAt('/', <SegmentCheckInDialog />);
    expect(screen.getByTestId('segment-checkin-modal').textContent).toContain(
      "Confirm your team's check-in for Monthly Qualifier.",
    );
    expect(screen.queryByTestId('checkin-players')).toBeNull();
    fireEvent.click(screen.getByTestId('segment-checkin-submit'));
    expect(submitSegmentCheckIn).toHaveBeenCalledWith(
      { segmentId: 'mq', rosterId: 'r1', isChinese: false },
      expect.anything(),
    );
  });

  it('other stages: choose the five, then check in with their tags', () => {
    captainWith(FIVE);
    updateCheckIns({
      tournamentSegment: { id: 'cf', name: 'Championship Finals', mode: 'selectFive' },
      checkedIn: false,
      segmentModalOpen: true,
    });
    renderAt('/', <SegmentCheckInDialog />);
    expect(checkedTags()).toEqual(['#CAP', '#A', '#B', '#C', '#D']);
    fireEvent.click(screen.getByTestId('segment-checkin-submit'));
    expect(submitSegmentCheckIn).toHaveBeenCalledWith(
      { segmentId: 'cf', rosterId: 'r1', playerTags: ['#CAP', '#A', '#B', '#C', '#D'], isChinese: false },
      expect.anything(),
    );
  });

  it('waits while the roster reloads, then shows success', () => {
    captainWith(FIVE);
    updateCheckIns({
      tournamentSegment: { id: 'mq', name: 'Monthly Qualifier', mode: 'qualifier' },
      segmentModalOpen: true,
      segmentPhase: 'waiting',
    });
    const view = renderAt('/', <SegmentCheckInDialog />);
    expect(screen.queryByTestId('segment-checkin-waiting')).not.toBeNull();
    expect((screen.getByTestId('segment-checkin-submit') as HTMLButtonElement).disabled).toBe(true);
    updateCheckIns({ segmentPhase: 'done', checkedIn: true });
    view.unmount();
    renderAt('/', <SegmentCheckInDialog />);
    expect(screen.getByTestId('segment-checkin-success').textContent).toBe(
      'Your team is checked in for Monthly Qualifier.',
    );
  });
});
