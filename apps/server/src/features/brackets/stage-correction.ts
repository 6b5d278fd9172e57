import { type BracketCorrectionPlan, planBracketCorrection, planSwissCorrection } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { createStageResultsRepository, StageRow } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';

type ResultsRepository = ReturnType<typeof createStageResultsRepository>;

/**
 * Corrections after the stage moved on (issue #31, domain `reset-plan.ts`): which later series a
 * correction resets, for the console's preview and for the correction itself (one plan, so the
 * preview shows exactly what the confirmation does).
 */
export interface StageResetPlan {
  /** Series whose result goes (bracket) or which are removed with their round (swiss), in play order. */
  resetMatchSeriesIds: string[];
  /** Swiss rounds removed (paired again later); empty for a bracket. */
  removedRounds: number[];
  /** The bracket's plan (null for swiss). */
  bracket: BracketCorrectionPlan | null;
}

/**
 * The refusal of a correction that needs a reset the caller did not confirm (`resetLater`); the
 * plan travels in `meta` so a client can show it.
 */
export function resetNeeded(plan: StageResetPlan, format: StageRow['format']): DomainError {
  const swiss = format !== 'double_elimination';
  return new DomainError(
    'CONFLICT',
    swiss ? 'The next round already started' : 'A later match already used this result',
    {
      meta: {
        reason: swiss ? 'ROUND_CLOSED' : 'BRACKET_RESULT_LOCKED',
        resetMatchSeriesIds: plan.resetMatchSeriesIds,
        removedRounds: plan.removedRounds,
      },
    },
  );
}

/** What correcting `nodeId` (bracket) or a series of `roundNumber` (swiss) to `winner` resets. */
export async function planStageReset(
  deps: BracketsDeps,
  results: ResultsRepository,
  input: { stage: StageRow; nodeId: string | null; roundNumber: number; winnerRosterId: string | null },
  tx: Executor,
): Promise<StageResetPlan> {
  const { stage } = input;
  if (stage.format === 'double_elimination' && stage.bracket) {
    if (!input.winnerRosterId || !input.nodeId)
      return { resetMatchSeriesIds: [], removedRounds: [], bracket: null };
    const plan = planBracketCorrection(stage.bracket, stage.bracketResults, {
      matchId: input.nodeId,
      winnerRosterId: input.winnerRosterId,
    });
    const links = new Map(
      (await results.seriesOfNodes(stage.id, plan.reset, tx)).map((l) => [l.nodeId, l.matchSeriesId]),
    );
    const ids = plan.reset.flatMap((node) => (links.has(node) ? [links.get(node)!] : []));
    return { resetMatchSeriesIds: ids, removedRounds: [], bracket: plan };
  }
  const rounds = await deps.repo.rounds(stage.id, tx);
  if (input.roundNumber >= rounds.length)
    return { resetMatchSeriesIds: [], removedRounds: [], bracket: null };
  const all = await deps.repo.allStageSeries(stage.id, tx);
  const plan = planSwissCorrection(
    input.roundNumber,
    rounds.length,
    all.map((r) => ({ id: r.series.id, roundNumber: r.link.roundNumber })),
  );
  return { resetMatchSeriesIds: plan.reset, removedRounds: plan.removedRounds, bracket: null };
}

/**
 * Writes the reset part of a plan: bracket series lose their result (scores, placements, forfeits,
 * war link; state scheduled until propagation sets their teams), swiss rounds after the corrected
 * one are deleted with their series (the latest first).
 */
export async function applyStageReset(
  deps: BracketsDeps,
  results: ResultsRepository,
  stage: StageRow,
  plan: StageResetPlan,
  tx: Executor,
): Promise<void> {
  for (const round of [...plan.removedRounds].reverse()) await deps.repo.deleteRound(stage.id, round, tx);
  if (plan.removedRounds.length > 0) return;
  for (const id of plan.resetMatchSeriesIds) await results.clearResult(id, tx);
}
