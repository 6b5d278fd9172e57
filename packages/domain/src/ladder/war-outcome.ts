/** A war's result as the game or an organizer reports it. */
export interface WarScore {
  homeStars: number;
  awayStars: number;
  homeDestruction?: number | null | undefined;
  awayDestruction?: number | null | undefined;
  /** The side that forfeited, if any. */
  forfeit?: 'home' | 'away' | null | undefined;
}

/**
 * Who won a war (spec 1 and 4): a forfeit gives the other side the win whatever the stars; else
 * more stars win; equal stars are decided by destruction; equal in both is a true draw. A missing
 * destruction counts as 0. Ladder series and bracket results use this one rule.
 */
export function warOutcome(score: WarScore): 'home' | 'away' | 'draw' {
  if (score.forfeit) return score.forfeit === 'home' ? 'away' : 'home';
  if (score.homeStars !== score.awayStars) return score.homeStars > score.awayStars ? 'home' : 'away';
  const home = score.homeDestruction ?? 0;
  const away = score.awayDestruction ?? 0;
  if (home === away) return 'draw';
  return home > away ? 'home' : 'away';
}
