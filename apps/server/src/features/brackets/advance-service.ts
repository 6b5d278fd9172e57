import type { AdvanceBody } from '@cwh/contract';
import {
  type AdvanceRuleSpec,
  advanceStage,
  ladderAdvanceRule,
  ladderAdvanceTop,
  rankBracketPlacements,
  resolveDoubleElimination,
  type StageRanking,
} from '@cwh/domain';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { announceAdvancement } from '../announcements/announcement-hooks.js';
import { notifyStageOutcomes } from '../notices/stage-notices.js';
import { createAdvanceRepository } from './advance-repository.js';
import { swissStandingsOf } from './brackets-read-service.js';
import type { StageSegmentRow } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { ladderCut } from './cut-line-service.js';
import { conflict, toDomainError } from './stage-series.js';

const notFinished = () => conflict('STAGE_NOT_FINISHED', 'The stage is not finished');

/** Final ranks of a segment: ladder placement, swiss standings (with status), bracket placement then seed. */
async function rankingsOf(deps: BracketsDeps, segment: StageSegmentRow): Promise<StageRanking[]> {
  if (segment.eliminationType === 'ladder') {
    // The one cut-line rule: ties on points across the cut go by orderForCut, as on the leaderboard.
    const competition = await createAdvanceRepository(deps.db).competitionOf(segment.eventId);
    return (await ladderCut(deps.db, segment.id, ladderAdvanceTop(competition))).rankings;
  }
  const stage = await deps.repo.stageOfSegment(segment.id);
  if (!stage) throw notFinished();
  if (stage.format === 'swiss' && stage.swissConfig) {
    const { standings, complete } = await swissStandingsOf(deps, stage);
    if (!complete) throw notFinished();
    return standings.map((s) => ({ rosterId: s.rosterId, rank: s.rank, status: s.status }));
  }
  const state = resolveDoubleElimination(stage.bracket!, stage.bracketResults);
  if (!state.complete) throw notFinished();
  return rankBracketPlacements(state.placements, stage.teams);
}

async function rulesOf(
  deps: BracketsDeps,
  segment: StageSegmentRow,
  body: AdvanceBody['data']['attributes'],
) {
  const advance = createAdvanceRepository(deps.db);
  const invalid = (detail: string) =>
    new DomainError('VALIDATION_FAILED', detail, { source: { pointer: '/data/attributes/rules' } });
  let rules: AdvanceRuleSpec[];
  if (body.rules) {
    rules = body.rules.map((rule, index) => ({ ...rule, id: rule.id ?? `rule-${index + 1}` }));
  } else {
    const next = segment.eliminationType === 'ladder' ? await advance.nextSibling(segment) : null;
    if (!next) throw invalid('This segment needs explicit advance rules');
    rules = [ladderAdvanceRule(await advance.competitionOf(segment.eventId), next.id)];
  }
  const ofEvent = new Set((await advance.segmentsOfEvent(segment.eventId)).map((s) => s.id));
  if (rules.some((rule) => rule.nextSegmentId === segment.id || !ofEvent.has(rule.nextSegmentId))) {
    throw invalid('A rule points to a segment outside this event (or to the stage itself)');
  }
  return rules;
}

/** POST /segments/{id}/advance: every roster of the finished stage ends qualified or eliminated. */
export async function advanceSegment(
  deps: BracketsDeps,
  input: { tenant: string; segmentId: string; body: AdvanceBody['data']['attributes'] },
) {
  const segment = await deps.repo.getSegment(input.tenant, input.segmentId);
  const advance = createAdvanceRepository(deps.db);
  if ((await advance.outcomesOf(segment.id)).length > 0)
    throw conflict('ALREADY_ADVANCED', 'This stage was already decided');
  const rankings = await rankingsOf(deps, segment);
  if (rankings.length === 0) throw conflict('NO_RANKINGS', 'Nobody played this stage');
  const rules = await rulesOf(deps, segment, input.body);
  const decidedAt = deps.now();
  try {
    const { outcomes } = advanceStage(rankings, rules);
    const qualified = outcomes
      .filter((o) => o.outcome === 'qualified')
      .sort((a, b) => a.rank - b.rank)
      .map((o) => o.rosterId);
    await runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx, uow) => {
      await advance.insertOutcomes(
        outcomes.map((o) => ({
          segmentId: segment.id,
          rosterId: o.rosterId,
          rank: o.rank,
          outcome: o.outcome,
          ruleId: o.ruleId,
          nextSegmentId: o.nextSegmentId,
          nextSeed: o.nextSeed,
          ticket: o.ticket,
          decidedAt,
        })),
        tx,
      );
      // The teams that advance, announced to the event's chat with the decision.
      await announceAdvancement(deps, tx, {
        eventId: segment.eventId,
        segmentId: segment.id,
        qualifiedRosterIds: qualified,
        at: decidedAt,
      });
      await notifyStageOutcomes(deps.db, uow, input.tenant, outcomes, decidedAt);
    });
    return outcomes;
  } catch (error) {
    throw toDomainError(error);
  }
}
