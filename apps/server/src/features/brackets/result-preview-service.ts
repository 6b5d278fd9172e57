import type { MatchSeriesResultPreviewBody, MatchSeriesResultPreviewDocument } from '@cwh/contract';
import { rosterDisplayName, warOutcome } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { createStageResultsRepository } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { planStageReset } from './stage-correction.js';
import { toDomainError } from './stage-series.js';

type Preview = MatchSeriesResultPreviewDocument['data']['attributes'];

/**
 * POST /match-series/{id}/results/preview: what entering this result would reset (issue #31),
 * written nowhere. The same plan as the correction (`planStageReset`), so the console shows exactly
 * what the confirmation does. A ladder series, a first result, the same winner again or a result the
 * save would refuse (a bracket draw) resets nothing.
 */
export function previewOrganizerResult(deps: BracketsDeps, input: PreviewInput): Promise<Preview> {
  // One consistent read of the stage in one unit of work; it writes nothing and records no row.
  return runInUnitOfWork(deps, SYSTEM_ACTOR, (tx) => previewIn(deps, input, tx));
}

interface PreviewInput {
  tenant: string;
  matchSeriesId: string;
  result: MatchSeriesResultPreviewBody['data']['attributes'];
}

async function previewIn(deps: BracketsDeps, input: PreviewInput, tx: Executor): Promise<Preview> {
  const results = createStageResultsRepository(deps.db);
  const series = await results.seriesInTenant(input.tenant, input.matchSeriesId, tx);
  if (!series) throw new DomainError('NOT_FOUND', `No match series with id ${input.matchSeriesId}`);
  const corrected = series.state === 'finished';
  const found = await results.linkOfSeries(series.id, tx);
  if (!found) return { competition: 'ladder', corrected, resets: [], removedRounds: [] };
  const stage = await deps.repo.getStage(input.tenant, found.link.stageId, tx);
  const competitors = await results.competitorsOf(series.id, tx);
  const outcome = warOutcome(input.result);
  const side = competitors.find((c) => c.position === (outcome === 'home' ? 0 : 1));
  const winnerRosterId = outcome === 'home' || outcome === 'away' ? (side?.rosterId ?? null) : null;
  const empty: Preview = { competition: stage.format, corrected, resets: [], removedRounds: [] };
  if (!corrected || (stage.format === 'double_elimination' && !winnerRosterId)) return empty;
  let plan: Awaited<ReturnType<typeof planStageReset>>;
  try {
    plan = await planStageReset(
      deps,
      results,
      { stage, nodeId: found.link.nodeId, roundNumber: found.link.roundNumber, winnerRosterId },
      tx,
    );
  } catch (error) {
    throw toDomainError(error);
  }
  const ids = plan.resetMatchSeriesIds;
  const rows = (await deps.repo.allStageSeries(stage.id, tx)).filter((r) => ids.includes(r.series.id));
  const sides = await deps.repo.competitorsOf(ids, tx);
  const rosters = new Map(
    (
      await deps.repo.rostersByIds(
        sides.flatMap((c) => (c.rosterId ? [c.rosterId] : [])),
        tx,
      )
    ).map((r) => [r.id, r]),
  );
  const nameAt = (seriesId: string, position: number) => {
    const rosterId = sides.find((c) => c.matchSeriesId === seriesId && c.position === position)?.rosterId;
    const roster = rosterId ? rosters.get(rosterId) : undefined;
    return roster ? rosterDisplayName(roster) : null;
  };
  const resets = ids.flatMap((id) => {
    const row = rows.find((r) => r.series.id === id);
    if (!row) return [];
    return [
      {
        matchSeriesId: id,
        nodeId: row.link.nodeId,
        roundNumber: row.link.roundNumber,
        state: row.series.state,
        home: nameAt(id, 0),
        away: nameAt(id, 1),
      },
    ];
  });
  return { ...empty, resets, removedRounds: plan.removedRounds };
}
