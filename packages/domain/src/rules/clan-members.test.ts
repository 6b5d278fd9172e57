import { describe, expect, it } from 'vitest';
import type { ClanMember } from '../entities/clan.js';
import { isLeaderOrCoLeader, sortClanMembers } from './clan-members.js';

type M = Pick<ClanMember, 'tag' | 'name' | 'role' | 'townHallLevel' | 'rosterPosition'>;
const m = (
  tag: string,
  role: M['role'],
  th: number,
  name = tag,
  rosterPosition: M['rosterPosition'] = null,
): M => ({
  tag,
  name,
  role,
  townHallLevel: th,
  rosterPosition,
});

describe('sortClanMembers', () => {
  it.each<[string, M[], string[]]>([
    ['captain first', [m('a', 'leader', 17), m('b', 'member', 9, 'b', 'captain')], ['b', 'a']],
    ['top counts as captain', [m('a', 'leader', 17), m('b', 'elder', 9, 'b', 'top')], ['b', 'a']],
    ['role order', [m('e', 'elder', 17), m('c', 'coLeader', 17), m('l', 'leader', 17)], ['l', 'c', 'e']],
    ['elder and member tie on role → TH desc', [m('e', 'elder', 15), m('m', 'member', 17)], ['m', 'e']],
    ['then name, case-insensitive', [m('x', 'member', 17, 'bob'), m('y', 'member', 17, 'Alice')], ['y', 'x']],
    ['then tag', [m('t2', 'member', 17, 'same'), m('t1', 'member', 17, 'same')], ['t1', 't2']],
  ])('%s', (_, members, expected) => {
    expect(sortClanMembers(members).map((x) => x.tag)).toEqual(expected);
  });
});

describe('isLeaderOrCoLeader', () => {
  it.each([
    ['leader', true],
    ['coLeader', true],
    ['elder', false],
    ['member', false],
  ] as const)('%s → %s', (role, expected) => expect(isLeaderOrCoLeader({ role })).toBe(expected));
});
