import { describe, expect, it } from 'vitest';
import type { MatchUp } from '../entities/ladder.js';
import {
  deriveQueueStatus,
  type LadderStatusLookup,
  matchUpRemainingMs,
  shouldOpenPendingMatchup,
} from './queue-status.js';

describe('deriveQueueStatus', () => {
  it.each<[LadderStatusLookup, string]>([
    [{ ok: false }, 'none'],
    [{ ok: true, record: null }, 'none'],
    [{ ok: true, record: { status: 'accepted' } }, 'accepted'],
    [{ ok: true, record: { status: 'awaiting_confirmation' } }, 'inQueue'],
    [{ ok: true, record: { status: 'queued' } }, 'inQueue'],
    [{ ok: true, record: { status: 'declined' } }, 'none'],
    [{ ok: true, record: { status: 'expired' } }, 'none'],
    [{ ok: true, record: { status: 'cancelled' } }, 'none'],
  ])('%j → %s', (lookup, expected) => expect(deriveQueueStatus(lookup)).toBe(expected));
});

describe('shouldOpenPendingMatchup', () => {
  const created = Date.parse('2025-10-31T14:00:00Z');
  const matchUp = (status: MatchUp['status'], expiresAt?: string): MatchUp => ({
    id: 'm',
    status,
    createdAt: new Date(created).toISOString(),
    expiresAt: expiresAt ?? null,
  });
  it.each<[string, MatchUp | null, number, boolean]>([
    ['fresh', matchUp('awaiting_confirmation'), 0, true],
    ['exactly 2 s left', matchUp('awaiting_confirmation'), 13_000, true],
    ['1.999 s left', matchUp('awaiting_confirmation'), 13_001, false],
    ['expired', matchUp('awaiting_confirmation'), 20_000, false],
    ['already accepted', matchUp('accepted'), 0, false],
    ['declined', matchUp('declined'), 0, false],
    ['none', null, 0, false],
    ['server deadline wins', matchUp('awaiting_confirmation', '2025-10-31T14:00:30Z'), 20_000, true],
  ])('%s', (_, value, elapsed, expected) => {
    expect(shouldOpenPendingMatchup(value, created + elapsed)).toBe(expected);
  });

  it('remaining time counts down from 15 s', () => {
    expect(matchUpRemainingMs(matchUp('awaiting_confirmation'), created + 5_000)).toBe(10_000);
  });
});
