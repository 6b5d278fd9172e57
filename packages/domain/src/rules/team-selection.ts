import { CHAMPIONSHIP_TH_LEVEL, CUP_TH_LEVELS, MIN_TEAM_MEMBERS } from '../constants.js';
import type { ClanMember } from '../entities/clan.js';
import type { Competition } from '../entities/event.js';
import { isLeaderOrCoLeader } from './clan-members.js';

/** English source texts (spec 5 gives the first two verbatim; the others are ours). */
export const TEAM_SELECTION_MESSAGES = {
  tooFewMembers: 'Please pick at least 5 clan members',
  noLeaderOrCoLeader: 'You must select at least 1 Clan Leader or Co-leader',
  captainMissing: 'Please choose a captain',
  captainNotSelected: 'The captain must be one of the selected players',
  captainNotLeaderOrCoLeader: 'The captain must be a Clan Leader or Co-leader',
  thLevelsDiffer: 'All selected players must have the same Town Hall level',
  wrongThLevel: 'Town Hall {{levels}} is required for this competition',
} as const;
export type TeamSelectionIssueCode = keyof typeof TEAM_SELECTION_MESSAGES;

export const FIELD_REQUIRED_MESSAGE = 'Field is required';
export const CLAN_REQUIRED_MESSAGE = 'A clan is required';

export interface TeamSelectionIssue {
  code: TeamSelectionIssueCode;
  /** i18n key, e.g. `validation.team.tooFewMembers`. */
  key: `validation.team.${TeamSelectionIssueCode}`;
  message: string;
  params?: Record<string, string>;
}

/** Town hall levels a competition accepts: 17 for the championship, 9/12/15 for the cup. */
export function allowedThLevels(competition: Competition): readonly number[] {
  return competition === 'championship' ? [CHAMPIONSHIP_TH_LEVEL] : CUP_TH_LEVELS;
}

export interface TeamSelectionRules {
  competition: Competition;
  /** The segment's configuration.thLevel, narrowing the cup to one level. */
  thLevel?: number | null;
  captainTag?: string | null;
  /** The captain is picked after the team in registration, so only some steps insist on one. */
  requireCaptain?: boolean;
}

function issue(code: TeamSelectionIssueCode, params?: Record<string, string>): TeamSelectionIssue {
  let message: string = TEAM_SELECTION_MESSAGES[code];
  for (const [name, value] of Object.entries(params ?? {})) message = message.replace(`{{${name}}}`, value);
  return { code, key: `validation.team.${code}`, message, ...(params ? { params } : {}) };
}

function listLevels(levels: readonly number[]): string {
  if (levels.length <= 1) return levels.join('');
  return `${levels.slice(0, -1).join(', ')} or ${levels[levels.length - 1]}`;
}

/** Spec 5 team rules for the selected members; an empty list means the selection is fine. */
export function validateTeamSelection(
  selected: readonly Pick<ClanMember, 'tag' | 'role' | 'townHallLevel'>[],
  rules: TeamSelectionRules,
): TeamSelectionIssue[] {
  const issues: TeamSelectionIssue[] = [];
  if (selected.length < MIN_TEAM_MEMBERS) issues.push(issue('tooFewMembers'));
  if (!selected.some(isLeaderOrCoLeader)) issues.push(issue('noLeaderOrCoLeader'));

  if (rules.captainTag) {
    const captain = selected.find((member) => member.tag === rules.captainTag);
    if (!captain) issues.push(issue('captainNotSelected'));
    else if (!isLeaderOrCoLeader(captain)) issues.push(issue('captainNotLeaderOrCoLeader'));
  } else if (rules.requireCaptain) {
    issues.push(issue('captainMissing'));
  }

  const levels = new Set(selected.map((member) => member.townHallLevel));
  if (levels.size > 1) issues.push(issue('thLevelsDiffer'));
  const allowed = rules.thLevel != null ? [rules.thLevel] : allowedThLevels(rules.competition);
  if ([...levels].some((level) => !allowed.includes(level))) {
    issues.push(issue('wrongThLevel', { levels: listLevels(allowed) }));
  }
  return issues;
}

/** What of a segment bounds a team's list of players (spec 3: rosterSize, rostersLimit). */
export interface TeamSizeSegment {
  rosterSize: { playersMax: number };
  rostersLimit?: { standbyLimit: number } | null;
}

/**
 * The most players a team of the segment may list: its rosterSize.playersMax plus its standby
 * places. The clan service refuses more with ROSTER_FULL (error page 6); the selection page uses the
 * same number to stop the tick that would go past it, before the captain step.
 */
export function teamSelectionMax(segment: TeamSizeSegment): number {
  return segment.rosterSize.playersMax + (segment.rostersLimit?.standbyLimit ?? 0);
}

/** Whether a member may be ticked: always one already ticked, another only below the limit. */
export function canTickMember(ticked: boolean, selectedCount: number, max: number): boolean {
  return ticked || selectedCount < max;
}
