import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WarScore, warOutcome, warPlacements, winnerOfPlacements } from './war-outcome.js';

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
    ['a double forfeit: nobody wins', { homeStars: 0, awayStars: 0, forfeit: 'both' }, 'none'],
    [
      'a double forfeit ignores stars and destruction',
      { homeStars: 9, awayStars: 3, homeDestruction: 100, awayDestruction: 10, forfeit: 'both' },
      'none',
    ],
  ])('%s', (_why, score, expected) => {
    expect(warOutcome(score)).toBe(expected);
  });

  it('swapping the sides swaps the winner', () => {
    const side = fc.constantFrom('home' as const, 'away' as const, 'both' as const, null);
    fc.assert(
      fc.property(
        fc.nat(15),
        fc.nat(15),
        fc.nat(100),
        fc.nat(100),
        side,
        (homeStars, awayStars, homeDestruction, awayDestruction, forfeit) => {
          const swap = { home: 'away', away: 'home', draw: 'draw', none: 'none' } as const;
          const flipped = forfeit === 'home' ? 'away' : forfeit === 'away' ? 'home' : forfeit;
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

  it.each<[string, WarScore, [number, boolean, number, boolean]]>([
    ['home wins', { homeStars: 9, awayStars: 4 }, [1, false, 2, false]],
    ['a true draw places both first', { homeStars: 5, awayStars: 5 }, [1, false, 1, false]],
    ['home forfeits', { homeStars: 0, awayStars: 0, forfeit: 'home' }, [2, true, 1, false]],
    ['away forfeits', { homeStars: 0, awayStars: 0, forfeit: 'away' }, [1, false, 2, true]],
    [
      'a double forfeit places both second, both forfeit',
      { homeStars: 0, awayStars: 0, forfeit: 'both' },
      [2, true, 2, true],
    ],
  ])('warPlacements: %s', (_why, score, [hp, hf, ap, af]) => {
    expect(warPlacements(score)).toEqual({
      home: { placement: hp, forfeit: hf },
      away: { placement: ap, forfeit: af },
    });
  });

  it('the stored placements give the winner back', () => {
    const side = fc.constantFrom('home' as const, 'away' as const, 'both' as const, null);
    fc.assert(
      fc.property(fc.nat(15), fc.nat(15), fc.nat(100), fc.nat(100), side, (hs, as, hd, ad, forfeit) => {
        const score = { homeStars: hs, awayStars: as, homeDestruction: hd, awayDestruction: ad, forfeit };
        const { home, away } = warPlacements(score);
        expect(winnerOfPlacements(home.placement, away.placement)).toBe(warOutcome(score));
        // Nobody wins a double forfeit, and exactly the forfeiting sides carry the flag.
        expect([home.forfeit, away.forfeit]).toEqual([
          forfeit === 'home' || forfeit === 'both',
          forfeit === 'away' || forfeit === 'both',
        ]);
      }),
    );
  });

  // Every pair a stored series can hold: a finished war (1/2, 2/1, 1/1, 2/2) and sides with no
  // placement yet (null), which name no winner and no double loss, so they read as a draw.
  it.each<[number | null, number | null, ReturnType<typeof winnerOfPlacements>]>([
    [1, 2, 'home'],
    [2, 1, 'away'],
    [1, 1, 'draw'],
    [2, 2, 'none'],
    [1, null, 'home'],
    [null, 1, 'away'],
    [2, null, 'draw'],
    [null, 2, 'draw'],
    [null, null, 'draw'],
  ])('winnerOfPlacements(%j, %j) is %s', (home, away, expected) => {
    expect(winnerOfPlacements(home, away)).toBe(expected);
  });

  it('equal stars and equal destruction is a draw whatever the figures; one more point of destruction wins', () => {
    fc.assert(
      fc.property(fc.nat(15), fc.nat(100), fc.boolean(), (stars, destruction, homeAhead) => {
        const draw = {
          homeStars: stars,
          awayStars: stars,
          homeDestruction: destruction,
          awayDestruction: destruction,
        };
        expect(warOutcome(draw)).toBe('draw');
        expect(warPlacements(draw)).toEqual({
          home: { placement: 1, forfeit: false },
          away: { placement: 1, forfeit: false },
        });
        const ahead = homeAhead ? { homeDestruction: destruction + 1 } : { awayDestruction: destruction + 1 };
        expect(warOutcome({ ...draw, ...ahead })).toBe(homeAhead ? 'home' : 'away');
      }),
    );
  });
});
