import { describe, expect, it } from 'vitest';
import type { ClanMember } from '../entities/clan.js';
import { allowedThLevels, type TeamSelectionRules, validateTeamSelection } from './team-selection.js';

type M = Pick<ClanMember, 'tag' | 'role' | 'townHallLevel'>;
const m = (tag: string, role: M['role'] = 'member', townHallLevel = 17): M => ({ tag, role, townHallLevel });
const five = (th = 17): M[] => [
  m('L', 'leader', th),
  m('a', 'member', th),
  m('b', 'elder', th),
  m('c', 'member', th),
  m('d', 'member', th),
];
const championship: TeamSelectionRules = { competition: 'championship' };

describe('validateTeamSelection', () => {
  it.each<[string, M[], TeamSelectionRules, string[]]>([
    ['valid championship team', five(), championship, []],
    ['valid cup team', five(12), { competition: 'townHallCup' }, []],
    ['four members', five().slice(0, 4), championship, ['tooFewMembers']],
    ['no leader', [...five().slice(1), m('e')], championship, ['noLeaderOrCoLeader']],
    ['co-leader is enough', [m('C', 'coLeader'), ...five().slice(1)], championship, []],
    ['empty', [], championship, ['tooFewMembers', 'noLeaderOrCoLeader']],
    ['captain leader', five(), { ...championship, captainTag: 'L' }, []],
    ['captain a member', five(), { ...championship, captainTag: 'a' }, ['captainNotLeaderOrCoLeader']],
    ['captain not selected', five(), { ...championship, captainTag: 'zz' }, ['captainNotSelected']],
    ['captain required', five(), { ...championship, requireCaptain: true }, ['captainMissing']],
    [
      'mixed TH',
      [...five().slice(0, 4), m('d', 'member', 16)],
      championship,
      ['thLevelsDiffer', 'wrongThLevel'],
    ],
    ['TH 15 in championship', five(15), championship, ['wrongThLevel']],
    ['TH 17 in the cup', five(17), { competition: 'townHallCup' }, ['wrongThLevel']],
    ['cup narrowed to 9', five(12), { competition: 'townHallCup', thLevel: 9 }, ['wrongThLevel']],
  ])('%s', (_, selected, rules, expected) => {
    expect(validateTeamSelection(selected, rules).map((i) => i.code)).toEqual(expected);
  });

  it('returns the exact English texts and i18n keys', () => {
    const issues = validateTeamSelection([], championship);
    expect(issues).toEqual([
      {
        code: 'tooFewMembers',
        key: 'validation.team.tooFewMembers',
        message: 'Please pick at least 5 clan members',
      },
      {
        code: 'noLeaderOrCoLeader',
        key: 'validation.team.noLeaderOrCoLeader',
        message: 'You must select at least 1 Clan Leader or Co-leader',
      },
    ]);
  });

  it.each<[TeamSelectionRules, string]>([
    [championship, 'Town Hall 17 is required for this competition'],
    [{ competition: 'townHallCup' }, 'Town Hall 9, 12 or 15 is required for this competition'],
  ])('wrong TH message for %j', (rules, message) => {
    const wrong = validateTeamSelection(five(10), rules).find((i) => i.code === 'wrongThLevel');
    expect(wrong?.message).toBe(message);
  });
});

describe('allowedThLevels', () => {
  it.each([
    ['championship', [17]],
    ['townHallCup', [9, 12, 15]],
  ] as const)('%s → %j', (competition, expected) => expect(allowedThLevels(competition)).toEqual(expected));
});
