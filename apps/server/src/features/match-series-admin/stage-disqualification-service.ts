import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import type { Notice } from '../ladder/ladder-notices.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { createMatchSeriesAdminRepository } from './match-series-admin-repository.js';
import { createStageDisqualificationRepository } from './stage-disqualification-repository.js';

/** At most this many forfeits in a row (a 64-team bracket plays a team at most 2·log2(64)+2 times). */
const MAX_FORFEITS = 32;

/**
 * Disqualifies a team from one stage (issue #31), distinct from withdrawing it from the whole
 * championship: the roster stays registered; the disqualification (with the reason the team reads)
 * is stored; every open series of the stage it plays against a known opponent is forfeited (FFL for
 * it, the opponent advances: a bracket's propagation may hand it a next match, forfeited in turn);
 * swiss pairs it no more. Refusals: the roster is not a team of the stage's segment (404), already
 * disqualified from it (409 ROSTER_DISQUALIFIED). Runs in the caller's (audited) transaction.
 */
export async function disqualifyFromStage(
  deps: { brackets: BracketsDeps; ladder: LadderService },
  input: { tenant: string; segmentId: string; rosterId: string; reason: string; userId: string },
  tx: Executor,
  notices: Notice[],
): Promise<{ at: Date; forfeited: string[] }> {
  const repo = createMatchSeriesAdminRepository(deps.brackets.db);
  const dq = createStageDisqualificationRepository(deps.brackets.db);
  const roster = await repo.lockRoster(input.tenant, input.rosterId, tx);
  const found = await deps.brackets.repo.stageOfSegment(input.segmentId, tx);
  if (!roster || !found || !found.teams.some((t) => t.rosterId === input.rosterId))
    throw new DomainError('NOT_FOUND', `Roster ${input.rosterId} is not a team of stage ${input.segmentId}`);
  const stage = await deps.brackets.repo.lockStage(found.id, tx);
  const at = deps.brackets.now();
  await dq.insert(
    {
      tenant: input.tenant,
      segmentId: input.segmentId,
      rosterId: input.rosterId,
      reason: input.reason,
      disqualifiedBy: input.userId,
      createdAt: at,
    },
    tx,
  );
  const forfeited: string[] = [];
  for (let round = 0; round < MAX_FORFEITS; round++) {
    const open = await dq.openStageSeries(stage.id, input.rosterId, tx);
    if (open.length === 0) break;
    for (const series of open) {
      const forfeit = series.position === 0 ? 'home' : 'away';
      await deps.ladder.finishSeriesIn(
        { matchSeriesId: series.id, stars: { home: 0, away: 0 }, forfeit },
        tx,
        notices,
      );
      forfeited.push(series.id);
    }
  }
  return { at, forfeited };
}
