import { describe, expect, it } from 'vitest';
import { defaultSelection, isSelectionValid, selectablePlayers, toggleSelection } from './select-five.js';

const p = (tag: string, townHallLevel = 17) => ({ tag, townHallLevel });
const context = { clanThLevel: 17, captainTag: 'cap' };

describe('selectablePlayers', () => {
  it('locks the captain and other-TH players', () => {
    const rows = selectablePlayers([p('cap'), p('a'), p('b', 16)], context);
    expect(rows.map((r) => [r.member.tag, r.selectable, r.lockedReason])).toEqual([
      ['cap', false, 'captain'],
      ['a', true, null],
      ['b', false, 'thMismatch'],
    ]);
  });
});

describe('defaultSelection', () => {
  it.each([
    [
      'exactly 5 on level',
      [p('cap'), p('a'), p('b'), p('c'), p('d'), p('x', 16)],
      ['cap', 'a', 'b', 'c', 'd'],
    ],
    ['6 on level → captain only', [p('cap'), p('a'), p('b'), p('c'), p('d'), p('e')], ['cap']],
    ['4 on level → captain only', [p('cap'), p('a'), p('b'), p('c'), p('x', 15)], ['cap']],
    ['no captain in list', [p('a'), p('b')], []],
  ])('%s', (_, members, expected) => expect(defaultSelection(members, context)).toEqual(expected));
});

describe('isSelectionValid', () => {
  it.each([
    [['a', 'b', 'c', 'd', 'e'], false, true],
    [['a', 'b', 'c', 'd'], false, false],
    [['a', 'b', 'c', 'd', 'e', 'f'], false, false],
    [['a', 'a', 'b', 'c', 'd'], false, false],
    [[], true, true],
    [['a'], true, true],
  ])('%j mq=%s → %s', (tags, monthlyQualifierCheckIn, expected) => {
    expect(isSelectionValid(tags, { monthlyQualifierCheckIn })).toBe(expected);
  });
});

describe('toggleSelection', () => {
  const [captain, free, other] = selectablePlayers([p('cap'), p('a'), p('b', 9)], context);
  it.each([
    [['cap'], free!, ['cap', 'a']],
    [['cap', 'a'], free!, ['cap']],
    [['cap'], captain!, ['cap']],
    [['cap'], other!, ['cap']],
  ])('%j', (selected, player, expected) => expect(toggleSelection(selected, player)).toEqual(expected));
});
