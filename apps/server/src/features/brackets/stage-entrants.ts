import type { Executor } from '../../db/client.js';
import { createAdvanceRepository } from './advance-repository.js';
import { createBracketsRepository, type StageSegmentRow } from './brackets-repository.js';

/** Default field sizes: the Monthly Qualifier takes the ladder's top 128, a final 8 teams. */
export const DEFAULT_STAGE_SIZE: Readonly<Record<string, number>> = { swiss: 128, double_elimination: 8 };

export interface StageEntrant {
  rosterId: string;
  /** advanced: placed into this stage by the advancement; else by previous placement or registration. */
  source: 'advanced' | 'placement' | 'registration';
  /** The next-seed of an advanced roster, else its best previous placement (null: none yet). */
  rank: number | null;
}

export type EntrantSegment = Pick<StageSegmentRow, 'id' | 'parentId' | 'eliminationType'>;

/**
 * Who enters a stage when the organizer gives no list (spec 4 advancement): the rosters the
 * advancement placed into it, in their next-seed order, else the stage's locked rosters by best
 * previous placement, as many as the format takes. Withdrawn or unlocked rosters never enter.
 * The bracket's default seeding, the organizer's proposed seeds and the segment check-in all ask
 * this one question.
 */
export function createStageEntrants(db: Executor) {
  const brackets = createBracketsRepository(db);
  const advance = createAdvanceRepository(db);
  return async function entrantsOf(segment: EntrantSegment, size?: number): Promise<StageEntrant[]> {
    const eligible = await brackets.seedingRosters(segment);
    const locked = new Set(eligible.map((r) => r.id));
    const advanced = (await advance.advancedInto(segment.id)).filter((a) => locked.has(a.rosterId));
    if (advanced.length > 0) {
      return advanced.map((a) => ({ rosterId: a.rosterId, source: 'advanced', rank: a.seed }));
    }
    return eligible.slice(0, size ?? DEFAULT_STAGE_SIZE[segment.eliminationType] ?? 0).map((r) => ({
      rosterId: r.id,
      source: r.placement === null ? 'registration' : 'placement',
      rank: r.placement,
    }));
  };
}

/**
 * Only a stage's entrants check in to it: once seeded, its teams; before, the rosters the
 * advancement placed into it, else the best placed locked rosters the format takes (the answer the
 * bracket's default seeding gives). A ladder segment takes every locked roster of its parent.
 */
export function createStageEntryCheck(db: Executor) {
  const brackets = createBracketsRepository(db);
  const entrantsOf = createStageEntrants(db);
  return async function isStageEntrant(
    segment: { id: string; parentId: string | null; eliminationType: string },
    rosterId: string,
  ): Promise<boolean> {
    if (segment.eliminationType !== 'swiss' && segment.eliminationType !== 'double_elimination') return true;
    const stage = await brackets.stageOfSegment(segment.id);
    if (stage) return stage.teams.some((team) => team.rosterId === rosterId);
    return (await entrantsOf(segment)).some((entrant) => entrant.rosterId === rosterId);
  };
}
