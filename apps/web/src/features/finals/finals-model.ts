import type { BracketInfoResource } from '@cwh/contract';
import {
  type BracketSection,
  CUP_TH_LEVELS,
  createDoubleElimination,
  DAY_TWO_ATTACK_ORDER_MINUTES,
  formatDuration,
  minutes,
  WORLD_FINALS,
  worldFinalsSchedule,
} from '@cwh/domain';
import type { MatchSeriesValue } from '../matches/match-series-api';

/**
 * Pure shaping of the World Championship Finals for its pages (spec 2 "World Championship Finals
 * Day 1, 2 and 3 pages", spec 9: 8 teams, double elimination, 15 matches, matches 1-6 on day 1,
 * 7-12 on day 2, 13-15 on day 3). The stage's series come from GET /bracket/{id}/match-series,
 * ordered by round then play order; each carries its section (`group`: upper, lower or final) and
 * round, not its play-order number, so the bracket is rebuilt from the stage's seeds to find it.
 */

export type BracketInfo = BracketInfoResource['attributes'] & { id: string };

export const FINALS_DAYS = WORLD_FINALS.matchesByDay.map((range) => range.day);
export type FinalsDay = 1 | 2 | 3;

/** `day-1`, `day-2`, `day-3` (the route parameter) → the day, else null. */
export function parseFinalsDay(value: string | undefined): FinalsDay | null {
  const match = /^day-([123])$/.exec(value ?? '');
  return match ? (Number(match[1]) as FinalsDay) : null;
}

export interface FinalsMatch {
  series: MatchSeriesValue;
  /** Play order in the bracket, 1 to 15. */
  number: number;
  day: number;
  /** 1-based order within the day. */
  order: number;
  section: BracketSection;
  round: number;
}

const SECTIONS: readonly BracketSection[] = ['upper', 'lower', 'final'];

function sectionOf(series: MatchSeriesValue): BracketSection {
  const group = SECTIONS.find((section) => section === series.group);
  return group ?? series.bracket ?? 'final';
}

/**
 * Every series of the world finals with its play-order number and day, from the domain's world
 * finals schedule. Null when the stage is not the 8-team bracket of spec 9 or a series does not
 * fit it (the pages then list the series without days).
 */
export function assignFinalsDays(
  info: BracketInfo,
  series: readonly MatchSeriesValue[],
): FinalsMatch[] | null {
  if (info.format !== 'double_elimination' || info.teams.length !== WORLD_FINALS.teams) return null;
  const bracket = createDoubleElimination(info.teams);
  const schedule = new Map(worldFinalsSchedule(bracket).map((entry) => [entry.matchId, entry]));
  const seen = new Map<string, number>();
  const out: FinalsMatch[] = [];
  for (const item of series) {
    const section = sectionOf(item);
    const round = item.roundNumber ?? 1;
    const key = `${section}:${round}`;
    const position = (seen.get(key) ?? 0) + 1;
    seen.set(key, position);
    const node = bracket.nodes.find(
      (candidate) =>
        candidate.section === section && candidate.round === round && candidate.position === position,
    );
    const slot = node ? schedule.get(node.id) : undefined;
    if (!node || !slot) return null;
    out.push({ series: item, number: node.number, day: slot.day, order: slot.order, section, round });
  }
  return out.sort((a, b) => a.number - b.number);
}

/** The matches of one day, in play order. */
export const matchesOfDay = (matches: readonly FinalsMatch[], day: number) =>
  matches.filter((match) => match.day === day);

export interface Finalist {
  rosterId: string;
  seed: number;
  name: string | null;
}

/** The eight finalists by seed, named from the series they play in (null: name not known yet). */
export function finalistsOf(info: BracketInfo, series: readonly MatchSeriesValue[]): Finalist[] {
  const names = new Map<string, string>();
  for (const item of series)
    for (const competitor of item.competitors)
      if (competitor.roster) names.set(competitor.roster.id, competitor.roster.displayName);
  return [...info.teams]
    .sort((a, b) => a.seed - b.seed)
    .map((team) => ({ rosterId: team.rosterId, seed: team.seed, name: names.get(team.rosterId) ?? null }));
}

/** The champion once the bracket has one (`doubleElimination.championRosterId`), else null. */
export function championOf(info: BracketInfo | null, finalists: readonly Finalist[]): Finalist | null {
  const id = info?.doubleElimination?.championRosterId ?? null;
  if (!id) return null;
  return finalists.find((team) => team.rosterId === id) ?? { rosterId: id, seed: 0, name: null };
}

export interface AttackOrderRow {
  /** The attack number of the side (1 to 5). */
  attack: number;
  side: 'home' | 'away';
  minutesLeft: number;
  /** The war clock when the attack starts, in the hub's units (`37m`). */
  clock: string;
}

/**
 * Day-two attack order (rule 3.2.3): the sides alternate, home first, each attack at a fixed
 * number of minutes left on the war clock (home 37, 29, 21, 13, 5; away 33, 25, 17, 9, 1).
 */
export function attackOrderRows(): AttackOrderRow[] {
  const rows = (['home', 'away'] as const).flatMap((side) =>
    DAY_TWO_ATTACK_ORDER_MINUTES[side].map((left, i) => ({
      attack: i + 1,
      side,
      minutesLeft: left,
      clock: formatDuration(minutes(left)),
    })),
  );
  return rows.sort((a, b) => b.minutesLeft - a.minutesLeft);
}

/** Town Hall Cup levels (spec 9), highest first; the highest is the default (spec 9 "maximum"). */
export const CUP_LEVELS = [...CUP_TH_LEVELS].sort((a, b) => b - a);
export type CupLevel = (typeof CUP_TH_LEVELS)[number];
export const isCupLevel = (value: unknown): value is CupLevel =>
  CUP_TH_LEVELS.some((level) => level === value);

/** The cup level a visitor lands on: their clan's level if it is a cup level, else the last one seen, else the highest. */
export function defaultCupLevel(clanLevel: number | null | undefined, remembered: string | null): CupLevel {
  if (isCupLevel(clanLevel)) return clanLevel;
  const last = Number(remembered);
  return isCupLevel(last) ? last : (CUP_LEVELS[0] as CupLevel);
}

export const CUP_TABS = ['ladder', 'finals'] as const;
export type CupTab = (typeof CUP_TABS)[number];

/**
 * `?tab=` of a cup page (spec 1 "Town hall cup stages: Ladder and Finals"); without one, the stage
 * of the level that is on: the finals once they have started, else the ladder.
 */
export function cupTab(value: string | null, finalsFrom: string | null, now: Date): CupTab {
  const asked = CUP_TABS.find((tab) => tab === value);
  if (asked) return asked;
  return finalsFrom !== null && Date.parse(finalsFrom) <= now.getTime() ? 'finals' : 'ladder';
}
