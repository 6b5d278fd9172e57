import { type BracketMatchState, type WarScore, warOutcome, warPlacements } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { announceSeriesResult } from '../announcements/announcement-hooks.js';
import type { StageSeriesOutcome, WarOutcome } from '../ladder/ladder-service.js';
import { syncSeriesStatistics, syncStaleStageStatistics } from '../statistics/statistics-sync.js';
import { createStageResultsRepository, type StageRow, type StageSeriesRow } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { applyStageReset, planStageReset, resetNeeded, type StageResetPlan } from './stage-correction.js';
import { conflict, toDomainError } from './stage-series.js';

type ResultsRepository = ReturnType<typeof createStageResultsRepository>;

/**
 * Who reports the result. A war (simulated result, official poller, withdrawal, no-show forfeit)
 * that cannot move a double-elimination bracket (a true draw, a double forfeit) leaves the series
 * open with a review reason for the organizer; the organizer's own result is refused instead.
 */
export type ResultSource = 'war' | 'organizer';

export interface StageResult {
  series: StageSeriesRow;
  stage: StageRow;
  /** False when the series stays open for the organizer (review reason set). */
  finished: boolean;
  corrected: boolean;
  winnerRosterId: string | null;
  changedMatchSeriesIds: string[];
  championRosterId: string | null;
  /** Later series the correction reset (bracket) or removed with their rounds (swiss). */
  resetMatchSeriesIds: string[];
  removedRounds: number[];
}

/** The scores of a finished series; a finals result is also announced to the event's chat (queued). */
async function writeScores(
  deps: BracketsDeps,
  results: ResultsRepository,
  series: StageSeriesRow,
  score: WarScore,
  at: Date,
  tx: Executor,
) {
  await results.setSeries(series.id, { state: 'finished', finishedAt: at, reviewReason: null }, tx);
  const placed = warPlacements(score);
  for (const [position, side] of [
    [0, 'home'],
    [1, 'away'],
  ] as const) {
    await results.setCompetitor(
      series.id,
      position,
      {
        score: side === 'home' ? score.homeStars : score.awayStars,
        destruction: (side === 'home' ? score.homeDestruction : score.awayDestruction) ?? null,
        forfeit: placed[side].forfeit,
        placement: placed[side].placement,
      },
      tx,
    );
  }
  const [home, away] = [placed.home.placement, placed.away.placement];
  const winner = home < away ? 'home' : away < home ? 'away' : null;
  await announceSeriesResult(deps, tx, { series, score, winner, at });
}

/** Moves the bracket's changed nodes onto their series: new teams, byes and the cancelled reset. */
export async function propagate(
  results: ResultsRepository,
  stage: StageRow,
  changes: readonly BracketMatchState[],
  playedNode: string,
  at: Date,
  tx: Executor,
): Promise<string[]> {
  const others = changes.filter((c) => c.id !== playedNode);
  const links = new Map(
    (
      await results.seriesOfNodes(
        stage.id,
        others.map((c) => c.id),
        tx,
      )
    ).map((l) => [l.nodeId, l]),
  );
  const changed: string[] = [];
  for (const node of others) {
    const link = links.get(node.id);
    if (!link) continue;
    const closed = node.status === 'bye' || node.status === 'void' || node.status === 'cancelled';
    await results.setSeries(
      link.matchSeriesId,
      {
        state: closed ? 'finished' : 'scheduled',
        bye: node.status === 'bye' || node.status === 'void',
        finishedAt: closed ? at : null,
      },
      tx,
    );
    await results.setCompetitor(
      link.matchSeriesId,
      0,
      { rosterId: node.homeRosterId, placement: node.status === 'bye' && node.homeRosterId ? 1 : null },
      tx,
    );
    await results.setCompetitor(
      link.matchSeriesId,
      1,
      { rosterId: node.awayRosterId, placement: node.status === 'bye' && node.awayRosterId ? 1 : null },
      tx,
    );
    changed.push(link.matchSeriesId);
  }
  return changed;
}

/** Review reasons of a double-elimination result that names no winner. */
const NO_WINNER = {
  draw: { reason: 'bracket_draw', code: 'BRACKET_DRAW', detail: 'A bracket match needs a winner' },
  none: {
    reason: 'double_forfeit',
    code: 'BRACKET_DOUBLE_FORFEIT',
    detail: 'A double forfeit cannot move the bracket: enter the winner',
  },
} as const;

/**
 * A double-elimination result that names no winner (a draw, a double forfeit): from a war the
 * series stays open with its review reason; from the organizer, or as a correction, it is refused.
 */
async function holdForReview(
  results: ReturnType<typeof createStageResultsRepository>,
  at: { seriesId: string; stage: StageRow; corrected: boolean },
  outcome: keyof typeof NO_WINNER,
  source: ResultSource,
  tx: Executor,
): Promise<StageResult> {
  const noWinner = NO_WINNER[outcome];
  if (source === 'organizer' || at.corrected)
    throw new DomainError('VALIDATION_FAILED', noWinner.detail, { meta: { reason: noWinner.code } });
  await results.setSeries(at.seriesId, { reviewReason: noWinner.reason }, tx);
  return {
    series: await results.series(at.seriesId, tx),
    stage: at.stage,
    finished: false,
    corrected: at.corrected,
    winnerRosterId: null,
    changedMatchSeriesIds: [],
    championRosterId: null,
    resetMatchSeriesIds: [],
    removedRounds: [],
  };
}

/** Swiss: a result in a closed round removes the later rounds, once the organizer confirmed it (`resetLater`). */
async function resetSwissRounds(
  deps: BracketsDeps,
  results: ReturnType<typeof createStageResultsRepository>,
  stage: StageRow,
  roundNumber: Parameters<typeof planStageReset>[2]['roundNumber'],
  resetLater: boolean | undefined,
  tx: Executor,
): Promise<StageResetPlan> {
  const plan = await planStageReset(
    deps,
    results,
    { stage, nodeId: null, roundNumber, winnerRosterId: null },
    tx,
  );
  if (plan.removedRounds.length > 0 && !resetLater) throw resetNeeded(plan, stage.format);
  await applyStageReset(deps, results, stage, plan, tx);
  return plan;
}

/**
 * Records (or corrects) the result of a stage's series inside `tx`; null when the series belongs
 * to no stage. Locks the stage (one result at a time per stage).
 * - Double elimination: the engine records the winner and returns the nodes to update. Correcting
 *   a result whose later matches were played resets them (domain `planBracketCorrection`) when the
 *   organizer confirmed it (`resetLater`), else is refused (BRACKET_RESULT_LOCKED, the plan in
 *   `meta`). A true draw or a
 *   double forfeit names no winner: from a war the series stays open with review reason
 *   `bracket_draw` / `double_forfeit`; from the organizer it is refused (BRACKET_DRAW,
 *   BRACKET_DOUBLE_FORFEIT).
 * - Swiss: a result may be entered or corrected until the next round starts; after, only with
 *   `resetLater`, which removes the later rounds (ROUND_CLOSED without it);
 *   a double forfeit is a loss for both sides (placement 2 both, both marked forfeit).
 */
export async function recordSeriesResultIn(
  deps: BracketsDeps,
  input: { matchSeriesId: string; score: WarScore; source: ResultSource; resetLater?: boolean },
  tx: Executor,
): Promise<StageResult | null> {
  const results = createStageResultsRepository(deps.db);
  const found = await results.linkOfSeries(input.matchSeriesId, tx);
  if (!found) return null;
  const at = deps.now();
  try {
    const stage = await deps.repo.lockStage(found.link.stageId, tx);
    // Read again under the stage lock: a propagation may have just changed this series.
    const row = (await results.linkOfSeries(input.matchSeriesId, tx))!;
    if (row.series.bye) throw conflict('BYE', 'A bye has no result');
    const competitors = await deps.repo.competitorsOf([row.series.id], tx);
    const [home, away] = [
      competitors.find((c) => c.position === 0),
      competitors.find((c) => c.position === 1),
    ];
    if (!home?.rosterId || !away?.rosterId)
      throw conflict('BRACKET_MATCH_NOT_READY', 'Both teams are not known yet');
    const corrected = row.series.state === 'finished';
    const outcome = warOutcome(input.score);
    let changed: string[] = [];
    let champion: string | null = null;
    let plan: StageResetPlan = { resetMatchSeriesIds: [], removedRounds: [], bracket: null };
    if (stage.format === 'double_elimination' && stage.bracket) {
      if (outcome === 'draw' || outcome === 'none')
        return holdForReview(
          results,
          { seriesId: row.series.id, stage, corrected },
          outcome,
          input.source,
          tx,
        );
      const winner = outcome === 'home' ? home.rosterId : away.rosterId;
      plan = await planStageReset(
        deps,
        results,
        { stage, nodeId: row.link.nodeId, roundNumber: row.link.roundNumber, winnerRosterId: winner },
        tx,
      );
      const bracketPlan = plan.bracket!;
      if (plan.resetMatchSeriesIds.length > 0 && !input.resetLater) throw resetNeeded(plan, stage.format);
      await applyStageReset(deps, results, stage, plan, tx);
      await deps.repo.updateBracketResults(stage.id, bracketPlan.results, tx);
      changed = await propagate(results, stage, bracketPlan.changes, row.link.nodeId, at, tx);
      // The next nodes whose teams are now known get their pick and ban. This transaction may be
      // the ladder's, which has no after-commit step for us: the captains see it on their next read.
      await deps.openChallenges(changed, tx);
      champion = bracketPlan.state.championRosterId;
    } else {
      plan = await resetSwissRounds(deps, results, stage, row.link.roundNumber, input.resetLater, tx);
    }
    await writeScores(deps, results, row.series, input.score, at, tx);
    // Statistics in the same transaction: this result, and the later series a correction reset.
    await syncSeriesStatistics([row.series.id, ...plan.resetMatchSeriesIds], tx);
    if (plan.removedRounds.length > 0) await syncStaleStageStatistics(stage.segmentId, tx);
    const winnerRosterId = outcome === 'home' ? home.rosterId : outcome === 'away' ? away.rosterId : null;
    return {
      series: await results.series(row.series.id, tx),
      stage,
      finished: true,
      corrected,
      winnerRosterId,
      changedMatchSeriesIds: changed,
      championRosterId: champion,
      resetMatchSeriesIds: plan.resetMatchSeriesIds,
      removedRounds: plan.removedRounds,
    };
  } catch (error) {
    throw toDomainError(error);
  }
}

/** The ladder's result shape as the domain's war score. */
export function scoreOf(result: Omit<WarOutcome, 'matchSeriesId'>): WarScore {
  return {
    homeStars: result.stars.home,
    awayStars: result.stars.away,
    homeDestruction: result.destruction?.home,
    awayDestruction: result.destruction?.away,
    forfeit: result.forfeit,
  };
}

/**
 * The ladder's stage hook (src/wiring/stages.ts): a war result of a stage series (simulated war,
 * official poller, withdrawal, no-show forfeit) moves the stage in the ladder's transaction, and
 * no ladder standings are touched.
 */
export function stageSeriesResultHook(deps: BracketsDeps) {
  return async (
    series: { id: string },
    result: WarOutcome,
    tx: Executor,
  ): Promise<StageSeriesOutcome | null> => {
    const staged = await recordSeriesResultIn(
      deps,
      { matchSeriesId: series.id, score: scoreOf(result), source: 'war' },
      tx,
    );
    return staged ? { series: staged.series, finished: staged.finished } : null;
  };
}
