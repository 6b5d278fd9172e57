/**
 * The clan's town hall level as the hub uses it (spec 5: players whose level differs from the
 * clan's cannot be selected). The game has no such field, so we derive it:
 *   the most common town hall level among members; on a tie, the higher level.
 * "Most common" keeps one rushed or maxed outlier from moving the whole clan; the tie-break
 * towards the higher level favours the competition the clan can field a team for.
 * An empty clan has level 0, the spec's "no level selected" value.
 */
export function clanThLevel(members: ReadonlyArray<{ townHallLevel: number }>): number {
  const counts = new Map<number, number>();
  for (const { townHallLevel } of members) counts.set(townHallLevel, (counts.get(townHallLevel) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [level, count] of counts) {
    if (count > bestCount || (count === bestCount && level > best)) {
      best = level;
      bestCount = count;
    }
  }
  return best;
}
