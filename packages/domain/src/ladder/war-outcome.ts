/** Who forfeited a war: one side, or both (a double forfeit: neither side showed up). */
export type WarForfeit = 'home' | 'away' | 'both';

/** A war's result as the game or an organizer reports it. */
export interface WarScore {
  homeStars: number;
  awayStars: number;
  homeDestruction?: number | null | undefined;
  awayDestruction?: number | null | undefined;
  /** The side that forfeited, `both` for a double forfeit, if any. */
  forfeit?: WarForfeit | null | undefined;
}

/**
 * What a war decided: the winning side, a true `draw`, or `none` (a double forfeit: nobody won,
 * both sides lost).
 */
export type WarWinner = 'home' | 'away' | 'draw' | 'none';

/**
 * Who won a war (spec 1 and 4): a forfeit gives the other side the win whatever the stars; a double
 * forfeit is won by nobody; else more stars win; equal stars are decided by destruction; equal in
 * both is a true draw. A missing destruction counts as 0. Ladder series and stage results use this
 * one rule.
 */
export function warOutcome(score: WarScore): WarWinner {
  if (score.forfeit === 'both') return 'none';
  if (score.forfeit) return score.forfeit === 'home' ? 'away' : 'home';
  if (score.homeStars !== score.awayStars) return score.homeStars > score.awayStars ? 'home' : 'away';
  const home = score.homeDestruction ?? 0;
  const away = score.awayDestruction ?? 0;
  if (home === away) return 'draw';
  return home > away ? 'home' : 'away';
}

/**
 * How a war's result is stored on its two competitors: placement 1 wins, 2 loses; a draw places
 * both 1; a double forfeit places both 2 (both lost). The forfeit flag marks each side that
 * forfeited. Reading the placements back (`winnerOfPlacements`) gives the same winner.
 */
export function warPlacements(score: WarScore): {
  home: { placement: 1 | 2; forfeit: boolean };
  away: { placement: 1 | 2; forfeit: boolean };
} {
  const winner = warOutcome(score);
  const side = (s: 'home' | 'away') => ({
    placement: (winner === 'draw' || winner === s ? 1 : 2) as 1 | 2,
    forfeit: score.forfeit === s || score.forfeit === 'both',
  });
  return { home: side('home'), away: side('away') };
}

/** The winner a stored pair of placements means (the inverse of `warPlacements`). */
export function winnerOfPlacements(home: number | null, away: number | null): WarWinner {
  if (home === 1 && away === 1) return 'draw';
  if (home === 1) return 'home';
  if (away === 1) return 'away';
  if (home === 2 && away === 2) return 'none';
  return 'draw';
}
