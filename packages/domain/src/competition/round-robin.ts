import { CompetitionError } from './competition-error.js';
import type { BracketTeam } from './double-elimination.js';

/**
 * Round robin and groups (issue 37). `createGroupStage(teams, groupCount)` deals a seeded field into
 * groups of 3 to 16 by snake seeding (group 1 takes seeds 1, 2g, 2g+1 …, so every group gets the
 * same strength), and every group plays a full round robin by the circle method: n − 1 rounds
 * (n with an odd group, one team resting each round), every team once per round, every pair once.
 * Home and away: every team's home and away games differ by at most one.
 */

export const GROUP_MIN_TEAMS = 3;
export const GROUP_MAX_TEAMS = 16;

export interface RoundRobinMatch {
  /** 'G1-R2-3': group 1, round 2, table 3. */
  id: string;
  group: number;
  round: number;
  table: number;
  homeRosterId: string;
  awayRosterId: string;
}

export interface RoundRobinGroup {
  number: number;
  /** Seeded best first (stage seeds). */
  teams: BracketTeam[];
  rounds: number;
  /** Team resting each round (odd groups), by round number. */
  rests: Record<number, string>;
  matches: RoundRobinMatch[];
}

export interface GroupStage {
  groups: RoundRobinGroup[];
}

function validate(teams: readonly BracketTeam[], groupCount: number): void {
  const ids = new Set(teams.map((t) => t.rosterId));
  const seeds = new Set(teams.map((t) => t.seed));
  const contiguous = teams.every((t) => Number.isInteger(t.seed) && t.seed >= 1 && t.seed <= teams.length);
  if (
    ids.size !== teams.length ||
    seeds.size !== teams.length ||
    !contiguous ||
    !Number.isInteger(groupCount)
  ) {
    throw new CompetitionError('INVALID_COMPETITION_INPUT', 'groups: seeds must be 1..n, rosters unique');
  }
  const smallest = Math.floor(teams.length / groupCount);
  const largest = Math.ceil(teams.length / groupCount);
  if (groupCount < 1 || smallest < GROUP_MIN_TEAMS || largest > GROUP_MAX_TEAMS) {
    throw new CompetitionError(
      'BRACKET_SIZE_UNSUPPORTED',
      `groups need 3 to 16 teams each: ${teams.length} teams in ${groupCount} groups`,
    );
  }
}

/** Snake seeding: seeds 1..g left to right, g+1..2g right to left, … */
export function snakeGroups<T extends { seed: number }>(teams: readonly T[], groupCount: number): T[][] {
  const groups: T[][] = Array.from({ length: groupCount }, () => []);
  [...teams]
    .sort((a, b) => a.seed - b.seed)
    .forEach((team, index) => {
      const row = Math.floor(index / groupCount);
      const column = index % groupCount;
      groups[row % 2 === 0 ? column : groupCount - 1 - column]!.push(team);
    });
  return groups;
}

/** Circle method on one group: the schedule by rounds. */
export function roundRobinSchedule(group: number, teams: readonly BracketTeam[]): RoundRobinGroup {
  const ids: (string | null)[] = teams.map((t) => t.rosterId);
  if (ids.length % 2 === 1) ids.push(null);
  const n = ids.length;
  const rounds = n - 1;
  const matches: RoundRobinMatch[] = [];
  const rests: Record<number, string> = {};
  let ring = ids.slice(1);
  for (let round = 1; round <= rounds; round++) {
    const line = [ids[0]!, ...ring];
    let table = 0;
    for (let i = 0; i < n / 2; i++) {
      const [a, b] = [line[i]!, line[n - 1 - i]!];
      if (a === null || b === null) {
        rests[round] = (a ?? b)!;
        continue;
      }
      // The fixed team alternates sides; in the other pairs the first of the line is home, which the
      // rotation turns into alternation (home and away differ by at most one for every team).
      const swap = i === 0 && round % 2 === 0;
      const [home, away] = swap ? [b, a] : [a, b];
      table++;
      matches.push({
        id: `G${group}-R${round}-${table}`,
        group,
        round,
        table,
        homeRosterId: home,
        awayRosterId: away,
      });
    }
    ring = [ring[ring.length - 1]!, ...ring.slice(0, -1)];
  }
  return {
    number: group,
    teams: [...teams].sort((a, b) => a.seed - b.seed),
    rounds,
    rests,
    matches,
  };
}

/** The whole group stage (one group = a plain round robin). Throws CompetitionError on a bad field. */
export function createGroupStage(teams: readonly BracketTeam[], groupCount: number): GroupStage {
  validate(teams, groupCount);
  return {
    groups: snakeGroups(teams, groupCount).map((group, index) => roundRobinSchedule(index + 1, group)),
  };
}
