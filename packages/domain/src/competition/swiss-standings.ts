import {
  DEFAULT_SWISS_TIEBREAKS,
  SWISS_DRAW_POINTS,
  SWISS_WIN_POINTS,
  type SwissBye,
  type SwissConfig,
  type SwissFormat,
  type SwissResult,
  type SwissStanding,
  type SwissTeam,
  type SwissTiebreak,
} from './swiss-types.js';

/** Rounds a swiss stage can last: the fixed count, or wins + losses − 1 in early exit. */
export function swissMaxRounds(format: SwissFormat): number {
  return format.mode === 'fixed' ? format.rounds : format.wins + format.losses - 1;
}

interface Tally extends SwissStanding {
  /** Destruction in hundredths of a percent: integer sums do not depend on the order of results. */
  destructionForHundredths: number;
  destructionAgainstHundredths: number;
}

function emptyTally(team: SwissTeam): Tally {
  return {
    rosterId: team.rosterId,
    seed: team.seed,
    rank: 0,
    wins: 0,
    losses: 0,
    draws: 0,
    byes: 0,
    matchPoints: 0,
    buchholz: 0,
    headToHead: 0,
    starsFor: 0,
    starsAgainst: 0,
    destructionFor: 0,
    destructionAgainst: 0,
    destructionForHundredths: 0,
    destructionAgainstHundredths: 0,
    record: '0-0',
    status: 'active',
    opponents: [],
  };
}

function scoreSide(
  tally: Tally,
  won: boolean | null,
  stars: [number, number],
  destruction: [number, number],
) {
  if (won === null) {
    tally.draws++;
    tally.matchPoints += SWISS_DRAW_POINTS;
  } else if (won) {
    tally.wins++;
    tally.matchPoints += SWISS_WIN_POINTS;
  } else {
    tally.losses++;
  }
  tally.starsFor += stars[0];
  tally.starsAgainst += stars[1];
  tally.destructionForHundredths += Math.round(destruction[0] * 100);
  tally.destructionAgainstHundredths += Math.round(destruction[1] * 100);
}

function tallyResults(
  teams: readonly SwissTeam[],
  results: readonly SwissResult[],
  byes: readonly SwissBye[],
) {
  const tallies = new Map<string, Tally>(teams.map((team) => [team.rosterId, emptyTally(team)]));
  for (const r of results) {
    const home = tallies.get(r.homeRosterId);
    const away = tallies.get(r.awayRosterId);
    if (!home || !away || home === away) continue;
    // A double forfeit ('none') is a loss for both sides.
    const homeWon = r.outcome === 'draw' ? null : r.outcome === 'home';
    const awayWon = r.outcome === 'draw' ? null : r.outcome === 'away';
    scoreSide(home, homeWon, [r.homeStars, r.awayStars], [r.homeDestruction, r.awayDestruction]);
    scoreSide(away, awayWon, [r.awayStars, r.homeStars], [r.awayDestruction, r.homeDestruction]);
    home.opponents.push(away.rosterId);
    away.opponents.push(home.rosterId);
  }
  for (const bye of byes) {
    const tally = tallies.get(bye.rosterId);
    if (!tally) continue;
    tally.byes++;
    tally.wins++;
    tally.matchPoints += SWISS_WIN_POINTS;
  }
  for (const tally of tallies.values()) {
    tally.buchholz = tally.opponents.reduce((sum, id) => {
      const opponent = tallies.get(id)!;
      return sum + opponent.wins - opponent.losses;
    }, 0);
    tally.opponents.sort();
    tally.destructionFor = tally.destructionForHundredths / 100;
    tally.destructionAgainst = tally.destructionAgainstHundredths / 100;
    tally.record =
      tally.draws > 0 ? `${tally.wins}-${tally.losses}-${tally.draws}` : `${tally.wins}-${tally.losses}`;
  }
  return tallies;
}

/** Match points each member of `group` took from games against the other members. */
function headToHeadPoints(group: readonly Tally[], results: readonly SwissResult[]): Map<string, number> {
  const ids = new Set(group.map((t) => t.rosterId));
  const points = new Map(group.map((t) => [t.rosterId, 0]));
  for (const r of results) {
    if (!ids.has(r.homeRosterId) || !ids.has(r.awayRosterId)) continue;
    const home = r.outcome === 'home' ? SWISS_WIN_POINTS : r.outcome === 'draw' ? SWISS_DRAW_POINTS : 0;
    const away = r.outcome === 'away' ? SWISS_WIN_POINTS : r.outcome === 'draw' ? SWISS_DRAW_POINTS : 0;
    points.set(r.homeRosterId, points.get(r.homeRosterId)! + home);
    points.set(r.awayRosterId, points.get(r.awayRosterId)! + away);
  }
  return points;
}

function keyValue(key: SwissTiebreak, tally: Tally, h2h: Map<string, number> | null): number {
  switch (key) {
    case 'matchPoints':
      return tally.matchPoints;
    case 'buchholz':
      return tally.buchholz;
    case 'headToHead':
      return h2h?.get(tally.rosterId) ?? 0;
    case 'starDifference':
      return tally.starsFor - tally.starsAgainst;
    case 'destructionDifference':
      return tally.destructionForHundredths - tally.destructionAgainstHundredths;
    case 'seed':
      return -tally.seed;
  }
}

/**
 * Orders a tie group key by key: each key sorts the group (higher first) and splits it into
 * smaller tie groups. Head-to-head is computed among the members of the current tie group only,
 * which a pairwise comparator could not express.
 */
function refine(group: Tally[], keys: readonly SwissTiebreak[], results: readonly SwissResult[]): Tally[] {
  if (group.length <= 1 || keys.length === 0) {
    return group.sort((a, b) => a.seed - b.seed || (a.rosterId < b.rosterId ? -1 : 1));
  }
  const [key, ...rest] = keys as [SwissTiebreak, ...SwissTiebreak[]];
  const h2h = key === 'headToHead' ? headToHeadPoints(group, results) : null;
  if (h2h) for (const tally of group) tally.headToHead = h2h.get(tally.rosterId)!;
  const valued = group.map((tally) => ({ tally, value: keyValue(key, tally, h2h) }));
  valued.sort((a, b) => b.value - a.value);
  const out: Tally[] = [];
  let start = 0;
  for (let index = 1; index <= valued.length; index++) {
    if (index === valued.length || valued[index]!.value !== valued[start]!.value) {
      out.push(
        ...refine(
          valued.slice(start, index).map((v) => v.tally),
          rest,
          results,
        ),
      );
      start = index;
    }
  }
  return out;
}

function statusOf(tally: Tally, format: SwissFormat, complete: boolean): SwissStanding['status'] {
  if (format.mode === 'early_exit') {
    if (tally.wins >= format.wins) return 'qualified';
    if (tally.losses >= format.losses) return 'eliminated';
    // Still undecided when the last round is over (draws can do that): they did not reach the wins.
    return complete ? 'eliminated' : 'active';
  }
  return 'active';
}

/**
 * Swiss standings from the finished games and byes. `roundsPlayed` (finished rounds) tells whether
 * the stage is over. The result does not depend on the order of `teams`, `results` or `byes`.
 */
export function computeSwissStandings(
  teams: readonly SwissTeam[],
  results: readonly SwissResult[],
  byes: readonly SwissBye[],
  config: SwissConfig,
  roundsPlayed = 0,
): SwissStanding[] {
  const tallies = tallyResults(teams, results, byes);
  const keys = config.tiebreaks?.length ? config.tiebreaks : DEFAULT_SWISS_TIEBREAKS;
  const ordered = refine([...tallies.values()], keys, results);
  const complete = roundsPlayed >= swissMaxRounds(config.format);
  return ordered.map((tally, index) => {
    const { destructionForHundredths: _f, destructionAgainstHundredths: _a, ...standing } = tally;
    return { ...standing, rank: index + 1, status: statusOf(tally, config.format, complete) };
  });
}
