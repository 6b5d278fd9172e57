import { describe, expect, it } from 'vitest';
import { QUEUE_ENDED_NOTICE_MS } from '../constants.js';
import { queueScreen, seriesStage } from './queue-screen.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const IN_A_MINUTE = '2026-03-01T12:01:00Z';
const A_MINUTE_AGO = '2026-03-01T11:59:00Z';

describe('seriesStage (one rule for the match page, its lists and the queue bar)', () => {
  it.each([
    ['new', IN_A_MINUTE, null, 'upcoming'],
    ['scheduled', A_MINUTE_AGO, null, 'upcoming'],
    ['live', IN_A_MINUTE, null, 'upcoming'],
    ['live', IN_A_MINUTE, { id: 'w1' }, 'live'],
    ['live', A_MINUTE_AGO, null, 'live'],
    ['finished', IN_A_MINUTE, { id: 'w1' }, 'finished'],
  ] as const)('%s, starting %s, war %o → %s', (state, date, war, stage) => {
    expect(seriesStage({ state, date, war }, NOW)).toBe(stage);
  });
});

describe('queueScreen', () => {
  const waiting = (notBefore: number | null) => ({
    status: 'waiting',
    endedAt: null,
    rematch: { opponent: 'Nordic Raiders', graceMs: 60_000, notBefore },
  });

  it('accepted: never Find Match; the match with its stage once read, finished hands back to the status check', () => {
    const match = { id: 's1', state: 'live', date: IN_A_MINUTE, war: { id: 'w' }, opponent: 'Raiders' };
    expect(queueScreen({ status: 'accepted', entry: null, match }, NOW)).toEqual({
      kind: 'accepted',
      match: { id: 's1', stage: 'live', date: IN_A_MINUTE, opponent: 'Raiders' },
    });
    expect(
      queueScreen({ status: 'accepted', entry: null, match: { ...match, war: null } }, NOW),
    ).toMatchObject({
      match: { stage: 'upcoming' },
    });
    expect(queueScreen({ status: 'accepted', entry: null, match: null }, NOW)).toEqual({
      kind: 'accepted',
      match: null,
    });
    expect(
      queueScreen({ status: 'accepted', entry: null, match: { ...match, state: 'finished' } }, NOW),
    ).toEqual({ kind: 'accepted', match: null });
    // Only this side accepted so far: the match-up still waits for the other captain.
    const mine = { status: 'accepted', endedAt: null, rematch: null, matchSeriesId: null };
    expect(queueScreen({ status: 'accepted', entry: mine, match: null }, NOW)).toEqual({ kind: 'pending' });
    const both = { ...mine, matchSeriesId: 's1' };
    expect(queueScreen({ status: 'accepted', entry: both, match }, NOW)).toMatchObject({ kind: 'accepted' });
  });

  it('in the queue: a pending match-up, or waiting with the rematch countdown while it runs', () => {
    const pending = { status: 'matched', endedAt: null, rematch: null };
    expect(queueScreen({ status: 'inQueue', entry: pending, match: null }, NOW)).toEqual({ kind: 'pending' });
    expect(queueScreen({ status: 'inQueue', entry: waiting(NOW + 42_000), match: null }, NOW)).toEqual({
      kind: 'waiting',
      rematch: { opponent: 'Nordic Raiders', graceMs: 60_000, waitMs: 42_000 },
    });
    // The opponent is away: the rule is told, without a countdown.
    expect(queueScreen({ status: 'inQueue', entry: waiting(null), match: null }, NOW)).toEqual({
      kind: 'waiting',
      rematch: { opponent: 'Nordic Raiders', graceMs: 60_000, waitMs: 0 },
    });
    // The wait is over: nothing to say.
    expect(queueScreen({ status: 'inQueue', entry: waiting(NOW), match: null }, NOW)).toEqual({
      kind: 'waiting',
      rematch: null,
    });
    expect(queueScreen({ status: 'inQueue', entry: null, match: null }, NOW)).toEqual({
      kind: 'waiting',
      rematch: null,
    });
  });

  it('ready: says how the last entry ended while that is recent', () => {
    const ended = (status: string, endedAt: number) => ({ status, endedAt, rematch: null });
    const at = (entry: ReturnType<typeof ended>) => queueScreen({ status: 'none', entry, match: null }, NOW);
    expect(at(ended('declined', NOW - 1_000))).toEqual({ kind: 'ready', ended: 'declined' });
    expect(at(ended('expired', NOW - QUEUE_ENDED_NOTICE_MS + 1))).toEqual({
      kind: 'ready',
      ended: 'expired',
    });
    expect(at(ended('expired', NOW - QUEUE_ENDED_NOTICE_MS))).toEqual({ kind: 'ready', ended: null });
    expect(at(ended('cancelled', NOW - 1_000))).toEqual({ kind: 'ready', ended: null });
    expect(queueScreen({ status: 'none', entry: null, match: null }, NOW)).toEqual({
      kind: 'ready',
      ended: null,
    });
  });
});
