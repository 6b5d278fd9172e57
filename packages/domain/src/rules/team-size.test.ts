import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canTickMember, teamSelectionMax } from './team-selection.js';

describe('teamSelectionMax', () => {
  it('is playersMax plus the standby places (5 + 0 in every seeded segment)', () => {
    expect(teamSelectionMax({ rosterSize: { playersMax: 5 }, rostersLimit: { standbyLimit: 0 } })).toBe(5);
    expect(teamSelectionMax({ rosterSize: { playersMax: 5 }, rostersLimit: { standbyLimit: 2 } })).toBe(7);
    expect(teamSelectionMax({ rosterSize: { playersMax: 6 } })).toBe(6);
  });
});

describe('canTickMember', () => {
  it('stops the tick past the limit, never the untick', () => {
    expect(canTickMember(false, 4, 5)).toBe(true);
    expect(canTickMember(false, 5, 5)).toBe(false);
    expect(canTickMember(true, 5, 5)).toBe(true);
  });

  it('ticking one by one while allowed never goes past the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 40 }), (max, tries) => {
        let count = 0;
        for (let i = 0; i < tries; i++) if (canTickMember(false, count, max)) count++;
        expect(count).toBe(Math.min(max, tries));
      }),
    );
  });
});
