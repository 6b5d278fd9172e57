import {
  isMonthlyQualifier,
  playerSelectionRefusal,
  SEGMENT_CHECK_IN_ERROR,
  stageSegmentCheckInRefusal,
} from '@cwh/domain';
import type { Db } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { normalizeTag } from '../../game/index.js';
import type { CheckinRosterRow, CheckinsRepository } from './checkins-repository.js';

const REFUSAL_DETAIL = {
  missingData: 'No roster of yours, or no such segment, to check in to',
  alreadyCheckedIn: 'Your roster is already checked in',
  notActiveSegment: 'Your roster is not registered for this segment',
  notOwner: 'Only the captain (roster owner) may check in',
  outsideWindow: "Now is outside the segment's check-in window",
} as const;

const NOT_QUALIFIED = 'Your team has not qualified for this stage';

/**
 * Whether a roster is an entrant of a stage segment (the stages feature answers: its seeded teams,
 * else who the advancement or the previous placements put in). Injected: stages depend on check-ins.
 */
export type StageEntryCheck = (
  segment: { id: string; parentId: string | null; eliminationType: string },
  rosterId: string,
) => Promise<boolean>;

export interface SegmentCheckInInput {
  tenant: string;
  caller: { userId: string | null; playerTag: string | null };
  segmentId: string;
  playerTags?: string[] | undefined;
}

/**
 * Tournament Check In (spec 5): the roster's checkedIn becomes true, once. A monthly qualifier is
 * a single confirm; any other stage names exactly 5 players, saved as the roster's selected players.
 * Every refusal is decided before the transaction; the conditional update inside it refuses a
 * concurrent second check-in the same way. Nothing is written on a refusal.
 */
export async function segmentCheckIn(
  deps: { db: Db; repo: CheckinsRepository; now: () => Date; isStageEntrant: StageEntryCheck },
  input: SegmentCheckInInput,
): Promise<CheckinRosterRow> {
  const { repo } = deps;
  const now = deps.now();
  const segment = await repo.findSegment(input.tenant, input.segmentId);
  const roster = await repo.rosterOfCaller(input.caller, segment?.parentId ?? null);
  const refusal = stageSegmentCheckInRefusal({ roster, segment, userId: input.caller.userId }, now);
  if (refusal) throw new DomainError(SEGMENT_CHECK_IN_ERROR[refusal], REFUSAL_DETAIL[refusal]);
  const checkedInRoster = roster!;
  if (!(await deps.isStageEntrant(segment!, checkedInRoster.id))) {
    throw new DomainError(SEGMENT_CHECK_IN_ERROR.notActiveSegment, NOT_QUALIFIED);
  }
  let tags: string[] | null = null;
  if (!isMonthlyQualifier(segment!.configuration)) {
    tags = (input.playerTags ?? []).map((tag) => normalizeTag(tag));
    const members = await repo.liveMembers(checkedInRoster.id);
    const wrong = playerSelectionRefusal(tags, members, checkedInRoster.thLevel ?? 0);
    if (wrong) throw selectionError(wrong.code, wrong.tags);
  }
  await runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    if (!(await repo.markRosterCheckedIn(checkedInRoster.id, tx))) {
      throw new DomainError('ROSTER_ALREADY_CHECKED_IN', REFUSAL_DETAIL.alreadyCheckedIn);
    }
    await repo.insertRosterCheckin(
      { tenant: input.tenant, userId: input.caller.userId!, rosterId: checkedInRoster.id, createdAt: now },
      tx,
    );
    if (tags) await repo.saveSelectedPlayers(checkedInRoster, tags, now, tx);
  });
  return { ...checkedInRoster, checkedIn: true };
}

export function selectionError(
  code: 'CHECK_IN_MEMBERS_MISSING' | 'WRONG_MEMBER' | 'TH_LEVELS_MISMATCH',
  tags: readonly string[],
): DomainError {
  const detail = {
    CHECK_IN_MEMBERS_MISSING:
      'Missing one or more team members before tournament check-in: select exactly 5 players',
    WRONG_MEMBER: `Not on the roster: ${tags.join(', ')}`,
    TH_LEVELS_MISMATCH: `Not on the clan's town hall level: ${tags.join(', ')}`,
  }[code];
  return new DomainError(code, detail, { source: { pointer: '/data/attributes/playerTags' } });
}
