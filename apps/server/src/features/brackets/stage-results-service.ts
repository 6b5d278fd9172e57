import type { StageResultBody } from '@cwh/contract';
import { applyBracketResult, type BracketMatchState, warOutcome } from '@cwh/domain';
import type { Tx } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { createStageResultsRepository, type StageRow, type StageSeriesRow } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { conflict, toDomainError } from './stage-series.js';

type ResultInput = StageResultBody['data']['attributes'];

async function writeScores(
  results: ReturnType<typeof createStageResultsRepository>,
  series: StageSeriesRow,
  input: ResultInput,
  outcome: 'home' | 'away' | 'draw',
  at: Date,
  tx: Tx,
) {
  await results.setSeries(series.id, { state: 'finished', finishedAt: at }, tx);
  for (const [position, side] of [
    [0, 'home'],
    [1, 'away'],
  ] as const) {
    await results.setCompetitor(
      series.id,
      position,
      {
        score: side === 'home' ? input.homeStars : input.awayStars,
        forfeit: input.forfeit === side,
        placement: outcome === 'draw' || outcome === side ? 1 : 2,
      },
      tx,
    );
  }
}

/** Moves the bracket's changed nodes onto their series: new teams, byes and the cancelled reset. */
async function propagate(
  results: ReturnType<typeof createStageResultsRepository>,
  stage: StageRow,
  changes: readonly BracketMatchState[],
  playedNode: string,
  at: Date,
  tx: Tx,
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

/**
 * POST /bracket/{id}/results. Double elimination: the engine records the winner and returns the
 * nodes to update (correcting a result whose next matches were played is refused:
 * BRACKET_RESULT_LOCKED). Swiss: a result may be entered or corrected until the next round starts.
 */
export async function recordStageResult(
  deps: BracketsDeps,
  input: { tenant: string; stageId: string; result: ResultInput },
) {
  const found = await deps.repo.getStage(input.tenant, input.stageId);
  const results = createStageResultsRepository(deps.db);
  const at = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const stage = await deps.repo.lockStage(found.id, tx);
      const row = await results.linkOf(stage.id, input.result.matchSeriesId, tx);
      if (!row)
        throw new DomainError('NOT_FOUND', `No match series ${input.result.matchSeriesId} in this bracket`);
      if (row.series.bye) throw conflict('BYE', 'A bye has no result');
      const competitors = await deps.repo.competitorsOf([row.series.id], tx);
      const [home, away] = [
        competitors.find((c) => c.position === 0),
        competitors.find((c) => c.position === 1),
      ];
      if (!home?.rosterId || !away?.rosterId)
        throw conflict('BRACKET_MATCH_NOT_READY', 'Both teams are not known yet');
      const outcome = warOutcome(input.result);
      let changed: string[] = [];
      let champion: string | null = null;
      if (stage.format === 'double_elimination' && stage.bracket) {
        if (outcome === 'draw')
          throw new DomainError('VALIDATION_FAILED', 'A bracket match needs a winner', {
            meta: { reason: 'BRACKET_DRAW' },
          });
        const winner = outcome === 'home' ? home.rosterId : away.rosterId;
        const applied = applyBracketResult(stage.bracket, stage.bracketResults, {
          matchId: row.link.nodeId,
          winnerRosterId: winner,
        });
        await deps.repo.updateBracketResults(stage.id, applied.results, tx);
        changed = await propagate(results, stage, applied.changes, row.link.nodeId, at, tx);
        champion = applied.state.championRosterId;
      } else {
        const rounds = await deps.repo.rounds(stage.id, tx);
        if (row.link.roundNumber < rounds.length)
          throw conflict('ROUND_CLOSED', 'The next round already started');
      }
      await writeScores(results, row.series, input.result, outcome, at, tx);
      const winnerRosterId = outcome === 'draw' ? null : outcome === 'home' ? home.rosterId : away.rosterId;
      return {
        matchSeriesId: row.series.id,
        winnerRosterId,
        changedMatchSeriesIds: changed,
        championRosterId: champion,
      };
    });
  } catch (error) {
    throw toDomainError(error);
  }
}
