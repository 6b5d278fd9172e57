import type { RosterResource, SegmentResource } from '@cwh/contract';
import { MIN_TEAM_MEMBERS } from '@cwh/domain';
import { tournamentCheckInSegment } from '../checkins/checkin-rules';
import { lockedTeamPhase, type StagePhase, type TeamPhase } from '../teams/team-status';

type RosterAttributes = Pick<
  RosterResource['attributes'],
  'locked' | 'withdrawnAt' | 'players' | 'segment' | 'checkedIn'
>;

/** The stages a roster plays: the children of its level-0 segment (its parent), else its own segment. */
export function stagesOfRoster(roster: RosterAttributes, all: readonly SegmentResource[]): SegmentResource[] {
  const parentId = roster.segment.parent?.id ?? roster.segment.id;
  return all.filter((segment) => segment.relationships?.parent.data?.id === parentId);
}

/**
 * Where a team stands (spec 4 phases) as anyone may see it: before the lock from its players
 * (withdrawn: cannot compete; fewer than 5: roster incomplete; all registered: ready to lock; else
 * registering); once locked from its stages, as My Team says (lockedTeamPhase): a stage's check-in
 * window open and the roster not checked in is the pre-segment check-in.
 */
export function publicTeamPhase(
  roster: RosterAttributes,
  stages: readonly SegmentResource[],
  input: { now: number; champion: boolean },
): TeamPhase | StagePhase {
  if (roster.withdrawnAt) return 'cannotCompete';
  if (!roster.locked) {
    if (roster.players.length < MIN_TEAM_MEMBERS) return 'rosterIncomplete';
    return roster.players.every((player) => player.registered) ? 'readyToLock' : 'registering';
  }
  return lockedTeamPhase({
    segments: stages.map((stage) => stage.attributes),
    now: input.now,
    checkInPending: !roster.checkedIn && tournamentCheckInSegment(stages, input.now) != null,
    champion: input.champion,
  });
}
