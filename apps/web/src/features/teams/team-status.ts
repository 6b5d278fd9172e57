import type { ClanMemberValue, ClanRosterValue, MemberRegistrationStatusValue } from '@cwh/contract';
import { isLeaderOrCoLeader, MIN_TEAM_MEMBERS } from '@cwh/domain';

/** Badge of a member's registration status (spec 3: ready, not ready, pending, 'Needs to register'). */
export interface StatusBadge {
  /** Key in the `teams` namespace. */
  key: `status.${MemberRegistrationStatusValue}` | 'status.notSelected';
  tone: 'ready' | 'notReady' | 'pending' | 'needsToRegister' | 'muted';
}

export function registrationBadge(status: MemberRegistrationStatusValue | null | undefined): StatusBadge {
  switch (status) {
    case 'ready':
      return { key: 'status.ready', tone: 'ready' };
    case 'notReady':
      return { key: 'status.notReady', tone: 'notReady' };
    case 'pending':
      return { key: 'status.pending', tone: 'pending' };
    case 'needsToRegister':
      return { key: 'status.needsToRegister', tone: 'needsToRegister' };
    default:
      return { key: 'status.notSelected', tone: 'muted' };
  }
}

/** Where the team stands (spec 4 team lifecycle), for the status line of My Team. */
export type TeamPhase =
  | 'notSelected'
  | 'registering'
  | 'rosterIncomplete'
  | 'readyToLock'
  | 'locked'
  | 'cannotCompete'
  | 'registrationClosed';

export function teamPhase(roster: ClanRosterValue | null, registrationClosed = false): TeamPhase {
  if (!roster) return registrationClosed ? 'registrationClosed' : 'notSelected';
  if (roster.locked) return 'locked';
  if (!roster.canCompete || roster.registrationStatus === 'after') return 'cannotCompete';
  if (roster.members.length < MIN_TEAM_MEMBERS) return 'rosterIncomplete';
  if (roster.members.every((member) => member.registrationStatus === 'ready')) return 'readyToLock';
  return 'registering';
}

export type TeamWarning = 'missingCaptain' | 'captainRoleMismatch' | 'rosterIncomplete' | 'cannotCompete';

/**
 * Spec 8 warnings: missing captain, captain role mismatch (the captain is no longer leader or
 * co-leader in the clan), roster incomplete; and the team that cannot compete this month.
 */
export function teamWarnings(
  roster: ClanRosterValue | null,
  clanMembers: readonly ClanMemberValue[],
): TeamWarning[] {
  if (!roster) return [];
  const warnings: TeamWarning[] = [];
  const captain = roster.captainTag
    ? roster.members.find((member) => member.tag === roster.captainTag)
    : undefined;
  if (!captain) warnings.push('missingCaptain');
  else {
    const live = clanMembers.find((member) => member.tag === captain.tag);
    if (!isLeaderOrCoLeader(live ?? captain)) warnings.push('captainRoleMismatch');
  }
  if (!roster.locked) {
    const incomplete =
      roster.members.length < MIN_TEAM_MEMBERS || roster.members.some((member) => !member.inClan);
    if (incomplete) warnings.push('rosterIncomplete');
    if (!roster.canCompete || roster.registrationStatus === 'after') warnings.push('cannotCompete');
  }
  return warnings;
}

/** Who reads a warning: spec 5's captain role mismatch tells each of them what they can do. */
export type WarningViewer = 'captain' | 'leader' | 'other';

export function warningViewer(session: { isCaptain: boolean; isLeader: boolean }): WarningViewer {
  return session.isCaptain ? 'captain' : session.isLeader ? 'leader' : 'other';
}

/** The `teams` text of a warning for this viewer. */
export function warningTextKey(warning: TeamWarning, viewer: WarningViewer): string {
  if (warning !== 'captainRoleMismatch' || viewer === 'leader') return `warnings.${warning}`;
  return viewer === 'captain' ? 'warnings.captainRoleMismatchCaptain' : 'warnings.captainRoleMismatchOther';
}

/** Spec 4 phases of a locked team once stages are played; texts in the `checkins` namespace. */
export type StagePhase =
  | 'ladderInProgress'
  | 'ladderFinished'
  | 'preSegmentCheckIn'
  | 'tournamentInProgress'
  | 'phaseComplete'
  | 'finalsWinner';

export interface StageTimeline {
  /** The stages (children of the team's segment), any order. */
  segments: readonly { eliminationType: string; date: { from: string; to: string } }[];
  now: number;
  /** A stage's check-in window is open and the roster is not checked in yet. */
  checkInPending: boolean;
  /** The roster won the last stage (the finals). */
  champion: boolean;
}

const STAGE_PHASES: readonly string[] = [
  'ladderInProgress',
  'ladderFinished',
  'preSegmentCheckIn',
  'tournamentInProgress',
  'phaseComplete',
  'finalsWinner',
] satisfies StagePhase[];

export const isStagePhase = (phase: string): phase is StagePhase => STAGE_PHASES.includes(phase);

/**
 * The whole spec 4 lifecycle: before the lock as teamPhase; once locked, the finals winner, a
 * pending stage check-in, the stage running now (ladder or tournament), else the last stage played
 * (ladder finished: top teams advance; other stages: phase complete); before any, roster locked.
 */
export function teamStagePhase(
  roster: ClanRosterValue | null,
  registrationClosed: boolean,
  timeline: StageTimeline | null,
): TeamPhase | StagePhase {
  const phase = teamPhase(roster, registrationClosed);
  if (phase !== 'locked' || !timeline) return phase;
  return lockedTeamPhase(timeline);
}

/** A locked team's phase from its stages (teamStagePhase once locked; the public team page too). */
export function lockedTeamPhase(timeline: StageTimeline): 'locked' | StagePhase {
  if (timeline.champion) return 'finalsWinner';
  if (timeline.checkInPending) return 'preSegmentCheckIn';
  const at = timeline.now;
  // Stages that overlap (a qualifier starting before the ladder closes): the latest started is the one in play.
  const running = timeline.segments
    .filter(({ date }) => Date.parse(date.from) <= at && at <= Date.parse(date.to))
    .sort((a, b) => Date.parse(b.date.from) - Date.parse(a.date.from))[0];
  if (running) return running.eliminationType === 'ladder' ? 'ladderInProgress' : 'tournamentInProgress';
  const finished = timeline.segments
    .filter(({ date }) => Date.parse(date.to) < at)
    .sort((a, b) => Date.parse(b.date.to) - Date.parse(a.date.to))[0];
  if (!finished) return 'locked';
  return finished.eliminationType === 'ladder' ? 'ladderFinished' : 'phaseComplete';
}
