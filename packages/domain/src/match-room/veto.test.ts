import { describe, expect, it } from 'vitest';
import {
  applyVote,
  defaultChoice,
  sideOfStep,
  timeOutTurn,
  type VetoErrorCode,
  type VetoState,
  type VetoStep,
  validateVetoSetup,
  vetoStarter,
  vetoSummary,
} from './veto.js';

const BAN_BAN_PICK_PICK: VetoStep[] = [
  { action: 'ban', count: 1 },
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
  { action: 'pick', count: 1 },
];
const POOL = ['a', 'b', 'c', 'd', 'e', 'f'];
const open = (starter: 'home' | 'away' = 'home', steps = BAN_BAN_PICK_PICK): VetoState => ({
  steps,
  pool: POOL,
  starter,
  votes: [],
});

function refusal(fn: () => unknown): VetoErrorCode | undefined {
  try {
    fn();
  } catch (error) {
    return (error as { code?: VetoErrorCode }).code;
  }
  return undefined;
}

describe('vetoStarter', () => {
  it.each([
    ['home rule ignores seeds', 'home', { home: 4, away: 1 }, 'home'],
    ['higher seed (smaller number) away starts', 'higher_seed', { home: 4, away: 1 }, 'away'],
    ['higher seed home starts', 'higher_seed', { home: 2, away: 7 }, 'home'],
    ['equal seeds: home', 'higher_seed', { home: 3, away: 3 }, 'home'],
    ['no seeds (ladder): home', 'higher_seed', { home: null, away: null }, 'home'],
  ] as const)('%s', (_why, rule, seeds, expected) => {
    expect(vetoStarter(rule, seeds)).toBe(expected);
  });
});

describe('validateVetoSetup', () => {
  it.each([
    ['no step', [], POOL],
    ['a step of 0 items', [{ action: 'ban', count: 0 }], POOL],
    ['more items needed than the pool has', [{ action: 'ban', count: 7 }], POOL],
    ['an item twice in the pool', [{ action: 'ban', count: 1 }], ['a', 'a']],
  ] as const)('refuses %s', (_why, steps, pool) => {
    expect(refusal(() => validateVetoSetup(steps, pool))).toBe('VETO_INVALID_SETUP');
  });
  it('accepts an order the pool satisfies exactly', () => {
    expect(() => validateVetoSetup([{ action: 'ban', count: 6 }], POOL)).not.toThrow();
  });
});

describe('applyVote: the order ban, ban, pick, pick', () => {
  it('alternates from the starter and ends with two picks', () => {
    let state = open('away');
    expect(vetoSummary(state)).toMatchObject({ currentStep: 0, turn: 'away', action: 'ban', count: 1 });
    state = applyVote(state, { side: 'away', banned: ['a'], picked: [] });
    state = applyVote(state, { side: 'home', banned: ['b'], picked: [] });
    state = applyVote(state, { side: 'away', banned: [], picked: ['c'] });
    expect(vetoSummary(state)).toMatchObject({ turn: 'home', action: 'pick' });
    state = applyVote(state, { side: 'home', banned: [], picked: ['d'] });
    expect(vetoSummary(state)).toEqual({
      finished: true,
      currentStep: null,
      turn: null,
      action: null,
      count: 0,
      banned: ['a', 'b'],
      picked: ['c', 'd'],
      remaining: ['e', 'f'],
    });
    expect(state.votes.map((v) => [v.side, v.action, v.auto])).toEqual([
      ['away', 'ban', false],
      ['home', 'ban', false],
      ['away', 'pick', false],
      ['home', 'pick', false],
    ]);
  });

  const afterOneBan = applyVote(open(), { side: 'home', banned: ['a'], picked: [] });
  it.each([
    ['not a captain', { side: null, banned: ['b'], picked: [] }, 'VETO_NOT_A_PARTICIPANT'],
    ['out of turn', { side: 'home', banned: ['b'], picked: [] }, 'VETO_NOT_YOUR_TURN'],
    ['two bans on a one-ban step', { side: 'away', banned: ['b', 'c'], picked: [] }, 'VETO_WRONG_COUNT'],
    ['no item', { side: 'away', banned: [], picked: [] }, 'VETO_WRONG_COUNT'],
    ['a pick on a ban step', { side: 'away', banned: [], picked: ['b'] }, 'VETO_WRONG_COUNT'],
    ['a pick beside the ban', { side: 'away', banned: ['b'], picked: ['c'] }, 'VETO_WRONG_COUNT'],
    ['an item outside the pool', { side: 'away', banned: ['zz'], picked: [] }, 'VETO_UNKNOWN_ITEM'],
    ['an item already banned', { side: 'away', banned: ['a'], picked: [] }, 'VETO_ITEM_UNAVAILABLE'],
  ] as const)('refuses %s, changing nothing', (_why, ballot, code) => {
    const before = structuredClone(afterOneBan);
    expect(refusal(() => applyVote(afterOneBan, ballot))).toBe(code);
    expect(afterOneBan).toEqual(before);
  });

  it('refuses an item named twice in one vote and a picked item banned later', () => {
    const twoBans = open('home', [
      { action: 'ban', count: 2 },
      { action: 'pick', count: 1 },
      { action: 'ban', count: 1 },
    ]);
    expect(refusal(() => applyVote(twoBans, { side: 'home', banned: ['a', 'a'], picked: [] }))).toBe(
      'VETO_ITEM_UNAVAILABLE',
    );
    let state = applyVote(twoBans, { side: 'home', banned: ['a', 'b'], picked: [] });
    state = applyVote(state, { side: 'away', banned: [], picked: ['c'] });
    expect(refusal(() => applyVote(state, { side: 'home', banned: ['c'], picked: [] }))).toBe(
      'VETO_ITEM_UNAVAILABLE',
    );
  });

  it('refuses any vote once finished', () => {
    let state = open();
    for (let i = 0; i < 4; i++) state = timeOutTurn(state, 7);
    expect(refusal(() => applyVote(state, { side: 'home', banned: ['e'], picked: [] }))).toBe('VETO_CLOSED');
    expect(refusal(() => timeOutTurn(state, 7))).toBe('VETO_CLOSED');
  });
});

describe('time-outs: the default choice', () => {
  it('is the same for the same seed and step (replayable), and marked automatic', () => {
    const state = applyVote(open(), { side: 'home', banned: ['a'], picked: [] });
    expect(defaultChoice(state, 42)).toEqual(defaultChoice(structuredClone(state), 42));
    const next = timeOutTurn(state, 42);
    expect(next.votes[1]).toMatchObject({ step: 1, side: 'away', action: 'ban', auto: true });
    expect(next.votes[1]!.items).toHaveLength(1);
    expect(next.votes[1]!.items[0]).not.toBe('a');
  });

  it('chooses among the free items only, for the side to play', () => {
    let state = open('away', [
      { action: 'ban', count: 5 },
      { action: 'pick', count: 1 },
    ]);
    state = applyVote(state, { side: 'away', banned: ['a', 'b', 'c', 'd', 'e'], picked: [] });
    expect(defaultChoice(state, 1)).toEqual({ side: 'home', banned: [], picked: ['f'] });
  });

  it('differs between seeds somewhere (not a fixed choice)', () => {
    const choices = new Set(Array.from({ length: 20 }, (_, seed) => defaultChoice(open(), seed).banned[0]));
    expect(choices.size).toBeGreaterThan(1);
  });

  it('sides alternate by step index from the starter', () => {
    expect([0, 1, 2, 3].map((i) => sideOfStep('away', i))).toEqual(['away', 'home', 'away', 'home']);
  });
});
