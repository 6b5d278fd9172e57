import { describe, expect, it } from 'vitest';
import { CLAN_REQUIRED_MESSAGE, FIELD_REQUIRED_MESSAGE, validateTeamSelection } from './team-selection.js';

describe('team selection texts', () => {
  it('form texts of spec 5', () => {
    expect(FIELD_REQUIRED_MESSAGE).toBe('Field is required');
    expect(CLAN_REQUIRED_MESSAGE).toBe('A clan is required');
  });

  it('an issue without parameters carries no params field', () => {
    const [first] = validateTeamSelection([], { competition: 'championship' });
    expect(first).toEqual({
      code: 'tooFewMembers',
      key: 'validation.team.tooFewMembers',
      message: 'Please pick at least 5 clan members',
    });
  });

  it('the wrong town hall issue carries the allowed levels as parameters', () => {
    const issues = validateTeamSelection([{ tag: '#A', role: 'leader', townHallLevel: 9 }], {
      competition: 'championship',
    });
    expect(issues.find((i) => i.code === 'wrongThLevel')).toEqual({
      code: 'wrongThLevel',
      key: 'validation.team.wrongThLevel',
      message: 'Town Hall 17 is required for this competition',
      params: { levels: '17' },
    });
  });
});
