import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WarScore, warOutcome } from './war-outcome.js';

describe('warOutcome', () => {
  it.each<[string, WarScore, ReturnType<typeof warOutcome>]>([
    ['more stars win', { homeStars: 9, awayStars: 4 }, 'home'],
    ['more stars win, away', { homeStars: 3, awayStars: 4 }, 'away'],
    [
      'equal stars: more destruction wins',
      { homeStars: 12, awayStars: 12, homeDestruction: 88, awayDestruction: 91 },
      'away',
    ],
    [
      'equal stars: more destruction wins, home',
      { homeStars: 6, awayStars: 6, homeDestruction: 70.5, awayDestruction: 70 },
      'home',
    ],
    [
      'equal stars and destruction: a true draw',
      { homeStars: 12, awayStars: 12, homeDestruction: 90, awayDestruction: 90 },
      'draw',
    ],
    ['equal stars, no destruction reported: a draw', { homeStars: 5, awayStars: 5 }, 'draw'],
    [
      'a missing destruction counts as 0',
      { homeStars: 5, awayStars: 5, homeDestruction: null, awayDestruction: 1 },
      'away',
    ],
    [
      'a forfeit by home: away wins despite the stars',
      { homeStars: 15, awayStars: 0, forfeit: 'home' },
      'away',
    ],
    ['a forfeit by away: home wins', { homeStars: 0, awayStars: 15, forfeit: 'away' }, 'home'],
  ])('%s', (_why, score, expected) => {
    expect(warOutcome(score)).toBe(expected);
  });

  it('swapping the sides swaps the winner', () => {
    const side = fc.constantFrom('home' as const, 'away' as const, null);
    fc.assert(
      fc.property(
        fc.nat(15),
        fc.nat(15),
        fc.nat(100),
        fc.nat(100),
        side,
        (homeStars, awayStars, homeDestruction, awayDestruction, forfeit) => {
          const swap = { home: 'away', away: 'home', draw: 'draw' } as const;
          const flipped = forfeit === 'home' ? 'away' : forfeit === 'away' ? 'home' : null;
          expect(
            warOutcome({
              homeStars: awayStars,
              awayStars: homeStars,
              homeDestruction: awayDestruction,
              awayDestruction: homeDestruction,
              forfeit: flipped,
            }),
          ).toBe(swap[warOutcome({ homeStars, awayStars, homeDestruction, awayDestruction, forfeit })]);
        },
      ),
    );
  });
});
