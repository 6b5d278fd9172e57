import type { Actor } from '../../../db/unit-of-work.js';
import type { Caller, LadderContext } from '../ladder-context.js';
import type { MatchUpRow } from '../ladder-repository.js';
import { endMatchUp } from './end-match-up.js';
import { loadForAnswer } from './match-up-answer.js';

export { createAccepts } from './accept-match-up.js';
export { type Ending, type EndMatchUp, endMatchUp } from './end-match-up.js';

/** Match-ups the sweeper expires per transaction (the rest wait for its next round). */
export const SWEEP_BATCH = 200;

/** A captain declines: the match-up ends (or expires, when its deadline passed meanwhile). */
export async function declineMatchUp(
  context: LadderContext,
  id: string,
  caller: Caller,
  actor?: Actor,
): Promise<MatchUpRow> {
  const { deps, repo, commit } = context;
  await commit(async (tx, notices, uow) => {
    const { matchUp, side } = await loadForAnswer(repo, id, caller, tx);
    const before = { status: matchUp.status };
    if (matchUp.status === 'awaiting_confirmation') {
      const ending =
        deps.now() >= matchUp.expiresAt
          ? ({ kind: 'expired', by: `${deps.instanceId}:decline` } as const)
          : ({ kind: 'declined', rosterId: side.rosterId } as const);
      await endMatchUp(context, matchUp, ending, tx, notices);
    }
    await uow.record({ action: 'match-up.decline', targetType: 'match-ups', targetId: id, before });
  }, actor);
  return (await repo.findMatchUp(id))!;
}

/** Expires every match-up past its deadline; rows locked elsewhere are left for the next sweep. */
export async function sweepMatchUps(context: LadderContext): Promise<number> {
  const { deps, repo, commit } = context;
  let total = 0;
  for (;;) {
    const swept = await commit(async (tx, notices) => {
      const due = await repo.lockDueMatchUps(deps.now(), SWEEP_BATCH, tx);
      for (const matchUp of due) {
        await endMatchUp(
          context,
          matchUp,
          { kind: 'expired', by: `${deps.instanceId}:sweeper` },
          tx,
          notices,
        );
      }
      return due.length;
    });
    total += swept;
    if (swept < SWEEP_BATCH) return total;
  }
}
