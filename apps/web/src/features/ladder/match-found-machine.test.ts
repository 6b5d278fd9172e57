import {
  ACCEPTED_BY_BOTH_FETCH_DELAY_MS,
  CLOSE_AFTER_DEEP_LINK_MS,
  DECLINE_CLOSE_DELAY_MS,
  MATCHUP_ACCEPT_WINDOW_MS,
  OPEN_GAME_DEEP_LINK_DELAY_MS,
} from '@cwh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { acceptFailure, MatchFoundMachine } from './match-found-machine';

const T0 = Date.parse('2026-03-01T12:00:00Z');

function setup(overrides: Partial<ConstructorParameters<typeof MatchFoundMachine>[0]> = {}) {
  const deps = {
    accept: vi.fn(async () => {}),
    decline: vi.fn(async () => {}),
    createWar: vi.fn(async () => '/simulator/war/w1'),
    openLink: vi.fn(),
    setQueueStatus: vi.fn(),
    navigate: vi.fn(),
    report: vi.fn(),
    now: () => Date.now(),
    ...overrides,
  };
  const machine = new MatchFoundMachine(deps);
  const expiresAt = new Date(T0 + MATCHUP_ACCEPT_WINDOW_MS).toISOString();
  machine.open({ id: 'mu1', expiresAt });
  return { machine, deps };
}

describe('match found modal state machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('opens on a match-up with the server deadline', () => {
    const { machine } = setup();
    expect(machine.getState()).toMatchObject({ phase: 'found', matchUpId: 'mu1', expiresAt: T0 + 15_000 });
  });

  it('accept → accepted → both accepted: war link after 2 s, opened 1 s later, closed 2 s after that', async () => {
    const { machine, deps } = setup();
    await machine.accept();
    expect(deps.accept).toHaveBeenCalledWith('mu1');
    expect(machine.getState().phase).toBe('accepted');
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('accepted');

    machine.onBothAccepted('ms1');
    expect(machine.getState().phase).toBe('bothAccepted');
    await vi.advanceTimersByTimeAsync(ACCEPTED_BY_BOTH_FETCH_DELAY_MS - 1);
    expect(deps.createWar).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.createWar).toHaveBeenCalledWith('ms1');
    expect(machine.getState().warLink).toBe('/simulator/war/w1');

    await vi.advanceTimersByTimeAsync(OPEN_GAME_DEEP_LINK_DELAY_MS - 1);
    expect(deps.openLink).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.openLink).toHaveBeenCalledWith('/simulator/war/w1');
    expect(machine.getState().phase).toBe('bothAccepted');

    await vi.advanceTimersByTimeAsync(CLOSE_AFTER_DEEP_LINK_MS);
    expect(machine.getState().phase).toBe('closed');
    // The match is on until it is played: no Find Match meanwhile (the server's entry ends it).
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('accepted');
    expect(deps.setQueueStatus).not.toHaveBeenCalledWith('none');
  });

  it('a failed war creation closes the dialog; the match stays accepted for the start-war retry', async () => {
    const { machine, deps } = setup({ createWar: vi.fn(async () => Promise.reject(new Error('503'))) });
    await machine.accept();
    machine.onBothAccepted('ms1');
    await vi.advanceTimersByTimeAsync(ACCEPTED_BY_BOTH_FETCH_DELAY_MS);
    expect(machine.getState().phase).toBe('closed');
    expect(deps.report).toHaveBeenCalled();
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('accepted');
  });

  it('the countdown no longer matters once both accepted', async () => {
    const { machine, deps } = setup();
    await machine.accept();
    machine.onBothAccepted('ms1');
    await vi.advanceTimersByTimeAsync(MATCHUP_ACCEPT_WINDOW_MS);
    expect(machine.getState().phase).not.toBe('declined');
    expect(deps.openLink).toHaveBeenCalled();
  });

  it('decline shows declined, resets the queue and closes after 3 s', async () => {
    const { machine, deps } = setup();
    await machine.decline();
    expect(deps.decline).toHaveBeenCalledWith('mu1');
    expect(machine.getState()).toMatchObject({ phase: 'declined', declinedBy: 'user' });
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('none');
    await vi.advanceTimersByTimeAsync(DECLINE_CLOSE_DELAY_MS - 1);
    expect(machine.getState().phase).toBe('declined');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getState().phase).toBe('closed');
  });

  it('a failed decline still closes after 3 s', async () => {
    const { machine, deps } = setup({ decline: vi.fn(async () => Promise.reject(new Error('boom'))) });
    await machine.decline();
    expect(deps.report).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DECLINE_CLOSE_DELAY_MS);
    expect(machine.getState().phase).toBe('closed');
  });

  it('countdown end after accepting without the other side → declined, closed 3 s later', async () => {
    const { machine, deps } = setup();
    await machine.accept();
    await vi.advanceTimersByTimeAsync(MATCHUP_ACCEPT_WINDOW_MS);
    expect(machine.getState()).toMatchObject({ phase: 'declined', declinedBy: 'timeout' });
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('none');
    await vi.advanceTimersByTimeAsync(DECLINE_CLOSE_DELAY_MS - 1);
    expect(machine.getState().phase).toBe('declined');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getState().phase).toBe('closed');
  });

  it('countdown end with no action → queue status resets, the missed notice shows, closed 3 s later', async () => {
    const { machine, deps } = setup();
    await vi.advanceTimersByTimeAsync(MATCHUP_ACCEPT_WINDOW_MS - 1);
    expect(machine.getState().phase).toBe('found');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getState()).toMatchObject({ phase: 'declined', declinedBy: 'missed', requeued: false });
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('none');
    await vi.advanceTimersByTimeAsync(DECLINE_CLOSE_DELAY_MS);
    expect(machine.getState().phase).toBe('closed');
  });

  it('the opponent declining after we accepted: the notice says so and that we are back in the queue', async () => {
    const { machine, deps } = setup();
    await machine.accept();
    machine.onDeclined(undefined, 'declined');
    expect(machine.getState()).toMatchObject({ phase: 'declined', declinedBy: 'opponent', requeued: true });
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('inQueue');
    await vi.advanceTimersByTimeAsync(DECLINE_CLOSE_DELAY_MS - 1);
    expect(machine.getState().phase).toBe('declined');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getState().phase).toBe('closed');
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('inQueue');
  });

  it('the opponent declining while we have not answered: back in the queue only if the server requeued us', async () => {
    const { machine, deps } = setup();
    machine.onDeclined(false, 'declined');
    expect(machine.getState()).toMatchObject({ phase: 'declined', declinedBy: 'opponent', requeued: false });
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('none');
  });

  it('the server expiring the match-up before our countdown ends: missed if we did not answer, timeout if we accepted', async () => {
    const idle = setup();
    idle.machine.onDeclined(false, 'expired');
    expect(idle.machine.getState()).toMatchObject({ declinedBy: 'missed', requeued: false });
    const waiting = setup();
    await waiting.machine.accept();
    waiting.machine.onDeclined(true, 'expired');
    expect(waiting.machine.getState()).toMatchObject({ declinedBy: 'timeout', requeued: true });
    expect(waiting.deps.setQueueStatus).toHaveBeenLastCalledWith('inQueue');
  });

  it('names the opponent the match-up named', () => {
    const machine = new MatchFoundMachine({
      accept: vi.fn(),
      decline: vi.fn(),
      createWar: vi.fn(),
      openLink: vi.fn(),
      setQueueStatus: vi.fn(),
      navigate: vi.fn(),
      report: vi.fn(),
      now: () => Date.now(),
    });
    machine.open({ id: 'mu2', expiresAt: new Date(T0 + 15_000).toISOString(), opponent: 'Nordic Raiders' });
    expect(machine.getState().opponent).toBe('Nordic Raiders');
  });

  it('after our countdown ended, a requeue notice keeps the declined notice but puts us back in the queue', async () => {
    const { machine, deps } = setup();
    await machine.accept();
    await vi.advanceTimersByTimeAsync(MATCHUP_ACCEPT_WINDOW_MS);
    machine.onDeclined(true, 'expired');
    expect(machine.getState()).toMatchObject({ phase: 'declined', declinedBy: 'timeout', requeued: true });
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('inQueue');
    await vi.advanceTimersByTimeAsync(DECLINE_CLOSE_DELAY_MS);
    expect(machine.getState().phase).toBe('closed');
  });

  it('our own decline notice is not cut short by the declined socket notice', async () => {
    const { machine } = setup();
    await machine.decline();
    machine.onDeclined();
    expect(machine.getState().phase).toBe('declined');
  });

  it('an accept failure closes, resets and routes (clan in war → 23, call failure → /error)', async () => {
    const inWar = new ApiError(
      400,
      'POST',
      '/accept',
      [{ status: '400', code: 'CLAN_IS_IN_WAR', title: 'x' }],
      null,
    );
    const { machine, deps } = setup({ accept: vi.fn(async () => Promise.reject(inWar)) });
    await machine.accept();
    expect(machine.getState().phase).toBe('closed');
    expect(deps.setQueueStatus).toHaveBeenLastCalledWith('none');
    expect(deps.navigate).toHaveBeenCalledWith('/error/23');

    expect(acceptFailure(new Error('network'))).toEqual({ kind: 'acceptCall' });
    const th = new ApiError(
      401,
      'POST',
      '/accept',
      [{ status: '401', code: 'INSUFFICIENT_TH_LEVEL', title: 'x' }],
      null,
    );
    expect(acceptFailure(th)).toMatchObject({ kind: 'check', status: 401 });
  });

  it('ignores a second match-up while one is open', () => {
    const { machine } = setup();
    machine.open({ id: 'mu2', expiresAt: new Date(T0 + 15_000).toISOString() });
    expect(machine.getState().matchUpId).toBe('mu1');
  });
});
