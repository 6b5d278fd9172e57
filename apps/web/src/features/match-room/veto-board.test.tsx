import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import type { Challenge, VetoItem } from './pickban-api';
import { VetoBoard, VetoResult } from './veto-board';
import { clock, lastStep, toggleSelection, vetoView } from './veto-view';

const NOW = new Date('2026-11-26T10:00:00Z');
const ITEMS: VetoItem[] = ['Heroes off', 'No spells', 'Siege only', 'Double time', 'Night mode'].map(
  (name, i) => ({ id: `i${i}`, name, description: i === 0 ? 'Heroes may not attack' : null }),
);
const byId = new Map(ITEMS.map((item) => [item.id, item]));

/** ban 1, ban 1, pick 1, pick 1 from home; `votes` taken so far. */
function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: 'c-1',
    status: 'open',
    matchSeriesId: 's-1',
    categoryId: 'cat-1',
    steps: [
      { action: 'ban', count: 1, side: 'home' },
      { action: 'ban', count: 1, side: 'away' },
      { action: 'pick', count: 1, side: 'home' },
      { action: 'pick', count: 1, side: 'away' },
    ],
    starter: 'home',
    pool: ITEMS.map((item) => item.id),
    currentStep: 1,
    turn: 'away',
    turnEndsAt: '2026-11-26T10:00:42Z',
    banned: ['i0'],
    picked: [],
    remaining: ['i1', 'i2', 'i3', 'i4'],
    votes: [{ step: 0, side: 'home', action: 'ban', items: ['i0'], auto: true, at: '2026-11-26T09:59:00Z' }],
    mySide: 'away',
    createdAt: '2026-11-26T09:58:00Z',
    closedAt: null,
    ...overrides,
  };
}

describe('veto view (pure)', () => {
  it('the side to play sees its turn, the other waits, a finished veto is nobody’s', () => {
    expect(vetoView(challenge(), byId, NOW)).toMatchObject({
      phase: 'mine',
      current: { side: 'away', action: 'ban', count: 1 },
      secondsLeft: 42,
    });
    expect(vetoView(challenge({ mySide: 'home' }), byId, NOW).phase).toBe('theirs');
    expect(vetoView(challenge({ mySide: null }), byId, NOW).phase).toBe('theirs');
    const closed = vetoView(challenge({ status: 'closed', currentStep: null, turnEndsAt: null }), byId, NOW);
    expect(closed).toMatchObject({ phase: 'closed', current: null, secondsLeft: null });
  });

  it('lines: steps taken with their items and time-outs, the current one, those to come', () => {
    const view = vetoView(challenge(), byId, NOW);
    expect(view.lines.map((l) => [l.state, l.side, l.action, l.items, l.auto])).toEqual([
      ['done', 'home', 'ban', ['Heroes off'], true],
      ['current', 'away', 'ban', [], false],
      ['next', 'home', 'pick', [], false],
      ['next', 'away', 'pick', [], false],
    ]);
    expect(lastStep(view)?.items).toEqual(['Heroes off']);
    expect(view.remaining.map((i) => i.name)).toEqual([
      'No spells',
      'Siege only',
      'Double time',
      'Night mode',
    ]);
    expect(view.banned.map((i) => i.name)).toEqual(['Heroes off']);
  });

  it('a deadline already passed shows 0, never negative; an unknown item keeps its id', () => {
    const late = vetoView(challenge({ turnEndsAt: '2026-11-26T09:59:00Z' }), byId, NOW);
    expect(late.secondsLeft).toBe(0);
    expect(vetoView(challenge({ banned: ['zz'] }), byId, NOW).banned).toEqual([
      { id: 'zz', name: 'zz', description: null },
    ]);
  });

  it('toggles a selection up to the step’s count (the oldest drops out), and formats the clock', () => {
    expect(toggleSelection([], 'a', 1)).toEqual(['a']);
    expect(toggleSelection(['a'], 'b', 1)).toEqual(['b']);
    expect(toggleSelection(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(toggleSelection(['a', 'b'], 'a', 2)).toEqual(['b']);
    expect(clock(42)).toBe('0:42');
    expect(clock(125)).toBe('2:05');
  });
});

describe('the veto board', () => {
  let current: Challenge;
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
  const resource = (c: Challenge) => {
    const { id, ...attributes } = c;
    return { id, type: 'challenges', attributes };
  };
  let voteAnswer: () => Response;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.includes('/items'))
      return json({
        data: ITEMS.map((i) => ({
          id: i.id,
          type: 'items',
          attributes: { ...i, sortOrder: 0, categoryId: 'cat-1' },
        })),
      });
    if (url.includes('/vote')) return voteAnswer();
    return json({ data: [resource(current)] });
  });

  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    vi.stubGlobal('fetch', fetchMock);
    calls.length = 0;
    current = challenge();
    voteAnswer = () => {
      const { id, ...rest } = challenge({
        currentStep: 2,
        turn: 'home',
        banned: ['i0', 'i2'],
        remaining: ['i1', 'i3', 'i4'],
        votes: [
          ...challenge().votes,
          { step: 1, side: 'away', action: 'ban', items: ['i2'], auto: false, at: NOW.toISOString() },
        ],
      });
      return json({ data: { id, type: 'challenges', attributes: rest } });
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  const names = { home: 'Titans', away: 'Galaxy' };

  it('on the captain’s turn: choose, confirm, and the step is sent and announced', async () => {
    render(<VetoBoard matchSeriesId="s-1" names={names} />);
    const chooser = await screen.findByTestId('veto-chooser');
    expect(screen.getByTestId('veto-clock').textContent).toBe('Time left: 0:42');
    expect(screen.getByTestId('veto-live').textContent).toBe(
      'Titans banned Heroes off (chosen by the hub: time ran out)',
    );
    expect(within(chooser).queryByText('Your turn: choose what to ban (0/1)')).not.toBeNull();
    const confirm = screen.getByTestId('veto-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(chooser).getByRole('button', { name: /Siege only/ }));
    expect(within(chooser).queryByText('Your turn: choose what to ban (1/1)')).not.toBeNull();
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('veto-live').textContent).toBe('Galaxy banned Siege only'));
    const vote = calls.find((c) => c.url.includes('/vote'));
    expect(vote?.url).toMatch(/\/api\/pickban\/1\.0\/challenges\/c-1\/vote$/);
    expect(JSON.parse(String(vote?.init?.body))).toEqual({
      data: { type: 'challenges', attributes: { banned: ['i2'], picked: [] } },
    });
    expect(screen.queryByTestId('veto-chooser')).toBeNull();
    expect(screen.getByTestId('veto-turn').textContent).toBe('Titans is choosing what to pick (1)');
  });

  it('a refused vote says why and reads the board again', async () => {
    voteAnswer = () =>
      json(
        {
          errors: [
            { status: '409', code: 'CONFLICT', title: 'Conflict', meta: { reason: 'VETO_NOT_YOUR_TURN' } },
          ],
        },
        409,
      );
    render(<VetoBoard matchSeriesId="s-1" names={names} />);
    const chooser = await screen.findByTestId('veto-chooser');
    fireEvent.click(within(chooser).getByRole('button', { name: /No spells/ }));
    const reads = calls.filter((c) => c.url.includes('/challenges?')).length;
    current = challenge({ mySide: 'away', currentStep: 2, turn: 'home' });
    fireEvent.click(screen.getByTestId('veto-confirm'));
    expect((await screen.findByTestId('veto-refusal')).textContent).toBe(
      'It is not your turn any more. The board has been updated.',
    );
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/challenges?')).length).toBe(reads + 1));
    await waitFor(() => expect(screen.queryByTestId('veto-chooser')).toBeNull());
  });

  it('reads again once the turn’s deadline has passed (the hub chose)', async () => {
    current = challenge({ mySide: 'home' });
    render(<VetoBoard matchSeriesId="s-1" names={names} />);
    await screen.findByTestId('veto-board');
    expect(screen.getByTestId('veto-turn').textContent).toBe('Galaxy is choosing what to ban (1)');
    current = challenge({
      mySide: 'home',
      currentStep: 2,
      turn: 'home',
      votes: [
        ...challenge().votes,
        { step: 1, side: 'away', action: 'ban', items: ['i4'], auto: true, at: '2026-11-26T10:00:42Z' },
      ],
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(45_000);
    });
    await waitFor(() =>
      expect(screen.getByTestId('veto-live').textContent).toBe(
        'Galaxy banned Night mode (chosen by the hub: time ran out)',
      ),
    );
    expect(screen.queryByTestId('veto-chooser')).not.toBeNull();
  });

  it('nothing for a series without pick and ban; the result shows picked and banned', async () => {
    current = challenge();
    fetchMock.mockImplementationOnce(async (url: string) => {
      calls.push({ url, init: undefined });
      return json({ data: [] });
    });
    const { container } = render(<VetoBoard matchSeriesId="s-2" names={names} />);
    await waitFor(() => expect(calls.some((c) => c.url.includes('s-2'))).toBe(true));
    expect(container.textContent).toBe('');

    current = challenge({
      status: 'closed',
      currentStep: null,
      turn: null,
      turnEndsAt: null,
      banned: ['i0', 'i2'],
      picked: ['i1', 'i3'],
      remaining: ['i4'],
    });
    render(<VetoResult matchSeriesId="s-1" />);
    const result = await screen.findByTestId('veto-result');
    expect(within(result).queryByText('Pick and ban result')).not.toBeNull();
    expect(
      within(within(result).getByTestId('veto-picked'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['No spells', 'Double time']);
    expect(within(result).getByTestId('veto-banned').textContent).toBe('Heroes offSiege only');
  });
});
