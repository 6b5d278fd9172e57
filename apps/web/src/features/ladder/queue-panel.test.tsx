import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { QueuePanel } from './queue-panel';
import { type QueueState, resetQueue, updateQueue } from './queue-store';

initI18n();

const NOW = Date.parse('2026-03-01T12:00:00Z');

function show(patch: Partial<QueueState>, compact = false) {
  updateQueue({ available: true, rosterId: 'r1', ...patch });
  return render(
    <MemoryRouter initialEntries={['/']}>
      <QueuePanel compact={compact} />
    </MemoryRouter>,
  );
}

describe('the queue screen never lies', () => {
  beforeEach(() => {
    resetQueue();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('an expired entry is said as such, with the next step, above Find Match', () => {
    show({ status: 'none', entry: { status: 'expired', endedAt: NOW - 5_000, rematch: null } });
    expect(screen.getByTestId('queue-ended').textContent).toBe('Your last match was not accepted in time.');
    expect(screen.queryByText('Tap Find Match to join the queue again.')).not.toBeNull();
    expect(screen.queryByTestId('find-match-button')).not.toBeNull();
  });

  it('waiting after a decline: the rematch countdown and why, Leave Queue', () => {
    const rematch = { opponent: 'Nordic Raiders', graceMs: 60_000, notBefore: NOW + 42_000 };
    show({ status: 'inQueue', joinedAt: NOW - 18_000, entry: { status: 'waiting', endedAt: null, rematch } });
    expect(screen.getByTestId('queue-rematch').textContent).toBe(
      'Any other team can be matched with you now. You meet Nordic Raiders again in 42s: last opponents meet again only once both teams have been in the queue for 1m.',
    );
    expect(screen.queryByTestId('leave-queue-button')).not.toBeNull();
    expect(screen.queryByTestId('find-match-button')).toBeNull();
  });

  it('docked, the rematch wait stays one short line', () => {
    const rematch = { opponent: 'Nordic Raiders', graceMs: 60_000, notBefore: NOW + 42_000 };
    show({ status: 'inQueue', entry: { status: 'waiting', endedAt: null, rematch } }, true);
    expect(screen.getByTestId('queue-rematch').textContent).toBe('You meet Nordic Raiders again in 42s.');
  });

  it('a pending match-up (matched entry) is not "waiting for match"', () => {
    show({ status: 'inQueue', entry: { status: 'matched', endedAt: null, rematch: null } });
    expect(screen.getByTestId('queue-status').textContent).toBe(
      'Match found: waiting for both captains to accept…',
    );
  });

  it('during an accepted match: its stage and a link to it, never Find Match', () => {
    const match = {
      id: 's1',
      state: 'live',
      date: '2026-03-01T12:02:00Z',
      war: { id: 'w1', link: '/simulator/war/w1' },
      opponent: 'Nordic Raiders',
    };
    show({ status: 'accepted', match });
    expect(screen.getByTestId('queue-status').textContent).toBe('Your war against Nordic Raiders is on.');
    expect(screen.getByTestId('queue-status').dataset.stage).toBe('live');
    expect(screen.getByTestId('queue-open-match').getAttribute('href')).toBe('/match/s1');
    expect(screen.queryByTestId('find-match-button')).toBeNull();
  });

  it('an accepted match not started yet says upcoming, as the match page does', () => {
    const match = { id: 's1', state: 'live', date: '2026-03-01T12:02:00Z', war: null, opponent: 'Raiders' };
    show({ status: 'accepted', match });
    expect(screen.getByTestId('queue-status').dataset.stage).toBe('upcoming');
    expect(screen.getByTestId('queue-status').textContent).toMatch(
      /^Match against Raiders accepted\. Start: /,
    );
    expect(screen.queryByTestId('find-match-button')).toBeNull();
  });
});
