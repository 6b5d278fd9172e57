import { describe, expect, it } from 'vitest';
import { type DisputeCheck, disputeRefusal, disputeWindowEndsAt, disputeWindowOpen } from './dispute.js';

const FINISHED = new Date('2026-03-15T12:00:00Z');
const at = (minutes: number) => new Date(FINISHED.getTime() + minutes * 60_000);
const base: DisputeCheck = {
  side: 'home',
  state: 'finished',
  finishedAt: FINISHED,
  windowMinutes: 60,
  hasOpenDispute: false,
  now: at(10),
};

describe('disputeRefusal', () => {
  it.each<[string, Partial<DisputeCheck>, ReturnType<typeof disputeRefusal>]>([
    ['a captain within the window may dispute', {}, null],
    ['the away captain too', { side: 'away' }, null],
    ['one who captains neither side may not', { side: null }, 'NOT_ROSTER_OWNER'],
    ['not a captain wins over every other refusal', { side: null, state: 'live' }, 'NOT_ROSTER_OWNER'],
    ['a series without a result', { state: 'live', finishedAt: null }, 'DISPUTE_NO_RESULT'],
    ['a series reset after its result (not finished)', { state: 'upcoming' }, 'DISPUTE_NO_RESULT'],
    ['the last minute of the window is inside', { now: at(59.99) }, null],
    ['the end of the window is outside', { now: at(60) }, 'DISPUTE_WINDOW_CLOSED'],
    ['a window of 0 turns disputes off', { windowMinutes: 0, now: FINISHED }, 'DISPUTE_WINDOW_CLOSED'],
    ['a longer window the organizer set', { windowMinutes: 24 * 60, now: at(23 * 60) }, null],
    ['an open dispute already', { hasOpenDispute: true }, 'DISPUTE_ALREADY_OPEN'],
    [
      'a closed window wins over an open dispute',
      { hasOpenDispute: true, now: at(61) },
      'DISPUTE_WINDOW_CLOSED',
    ],
  ])('%s', (_why, change, expected) => {
    expect(disputeRefusal({ ...base, ...change })).toBe(expected);
  });
});

describe('the dispute window', () => {
  it('ends windowMinutes after the result', () => {
    expect(disputeWindowEndsAt(FINISHED, 90)).toEqual(at(90));
  });
  it('is closed without a result', () => {
    expect(disputeWindowOpen(null, 60, FINISHED)).toBe(false);
  });
});
