import { decideWinner } from '../simulated/sim-war.js';
import { normalizeTag } from '../tags.js';
import { parseApiTime } from './current-war-status.js';
import type { OfficialCurrentWar, OfficialWarClan, OfficialWarLog } from './official-schemas.js';

/** The esports match format (spec): 5 v 5, one attack per member. */
export const MATCH_TEAM_SIZE = 5;
export const MATCH_ATTACKS_PER_MEMBER = 1;

export interface WarAttack {
  /** The side of the attacker. */
  side: 'home' | 'away';
  attackerTag: string;
  defenderTag: string;
  stars: number;
  destruction: number;
  order: number;
  durationSeconds: number | null;
}

export interface OfficialWarReport {
  state: OfficialCurrentWar['state'];
  stars: { home: number; away: number };
  destruction: { home: number; away: number };
  /** In attack order. */
  attacks: WarAttack[];
  winner: 'home' | 'away' | 'draw';
  endTime: number | null;
}

export type WarMatchCheck =
  | { matches: true }
  | { matches: false; reason: 'no_war' | 'wrong_opponent' | 'wrong_team_size' | 'wrong_attacks_per_member' };

/**
 * Whether the home clan's current war is this match: against the away clan, 5 v 5, one attack
 * each. A war against anyone else, or with other settings, is not this match (it is ignored).
 */
export function checkWarIsMatch(war: OfficialCurrentWar, awayClanTag: string): WarMatchCheck {
  if (war.state === 'notInWar' || !war.opponent?.tag) return { matches: false, reason: 'no_war' };
  if (normalizeTag(war.opponent.tag) !== normalizeTag(awayClanTag))
    return { matches: false, reason: 'wrong_opponent' };
  if (war.teamSize !== MATCH_TEAM_SIZE) return { matches: false, reason: 'wrong_team_size' };
  if (war.attacksPerMember !== MATCH_ATTACKS_PER_MEMBER)
    return { matches: false, reason: 'wrong_attacks_per_member' };
  return { matches: true };
}

function attacksOf(side: OfficialWarClan | undefined, name: 'home' | 'away'): WarAttack[] {
  return (side?.members ?? []).flatMap((member) =>
    member.attacks.map((attack) => ({
      side: name,
      attackerTag: attack.attackerTag,
      defenderTag: attack.defenderTag,
      stars: attack.stars,
      destruction: attack.destructionPercentage,
      order: attack.order,
      durationSeconds: attack.duration ?? null,
    })),
  );
}

/**
 * The result as the API tells it, read from the home clan's side (`clan` is the clan asked about).
 * Winner: more stars, then more destruction, else a draw (the game's own rule).
 */
export function warReport(war: OfficialCurrentWar): OfficialWarReport {
  const stars = { home: war.clan?.stars ?? 0, away: war.opponent?.stars ?? 0 };
  const destruction = {
    home: war.clan?.destructionPercentage ?? 0,
    away: war.opponent?.destructionPercentage ?? 0,
  };
  const attacks = [...attacksOf(war.clan, 'home'), ...attacksOf(war.opponent, 'away')].sort(
    (a, b) => a.order - b.order,
  );
  return {
    state: war.state,
    stars,
    destruction,
    attacks,
    winner: decideWinner(stars, destruction),
    endTime: parseApiTime(war.endTime),
  };
}

export type WarLogConfirmation = 'confirmed' | 'differs' | 'not_listed';

/**
 * Checks a recorded result against the home clan's public war log: the entry against the away
 * clan that ended at the same time must carry the same stars and destruction (rounded, the log
 * rounds some percentages).
 */
export function confirmAgainstWarLog(
  log: OfficialWarLog,
  report: OfficialWarReport,
  awayClanTag: string,
): WarLogConfirmation {
  const away = normalizeTag(awayClanTag);
  const entry = log.items.find(
    (item) =>
      item.opponent.tag !== undefined &&
      normalizeTag(item.opponent.tag) === away &&
      parseApiTime(item.endTime) === report.endTime,
  );
  if (!entry) return 'not_listed';
  const same =
    entry.clan.stars === report.stars.home &&
    Math.round(entry.clan.destructionPercentage) === Math.round(report.destruction.home);
  return same ? 'confirmed' : 'differs';
}

/** match_series.war_report: the API's result, and whether the public war log agreed. */
export interface StoredWarReport extends OfficialWarReport {
  warLog: WarLogConfirmation | 'private' | 'unavailable';
}
