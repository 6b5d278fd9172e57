import { describe, expect, it } from 'vitest';
import { CompetitionError, isCompetitionError } from './competition-error.js';

describe('CompetitionError', () => {
  it('carries its code and message and names itself', () => {
    const error = new CompetitionError('SWISS_STAGE_COMPLETE', 'done');
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message]).toEqual([
      'CompetitionError',
      'SWISS_STAGE_COMPLETE',
      'done',
    ]);
  });

  it.each([
    {
      why: 'a competition error',
      error: new CompetitionError('BRACKET_MATCH_NOT_READY', 'x'),
      expected: true,
    },
    { why: 'a plain error', error: new Error('x'), expected: false },
    { why: 'not an error at all', error: { code: 'SWISS_STAGE_COMPLETE' }, expected: false },
  ])('isCompetitionError: $why → $expected', ({ error, expected }) => {
    expect(isCompetitionError(error)).toBe(expected);
  });
});
