import { planQueueLeave } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import type { AfterCommit } from '../../lib/transaction-hooks.js';
import type { LadderContext } from './ladder-context.js';
import type { Notice } from './ladder-notices.js';
import type { WarOutcome } from './match-series/series-results-service.js';
import type { EndMatchUp } from './match-ups/end-match-up.js';

type FinishSeriesIn = (result: WarOutcome, tx: Executor, notices: Notice[]) => Promise<unknown>;

/**
 * A withdrawn team leaves play inside the transaction that withdraws it (see the clan's `disband`):
 * - each unfinished series it plays against a known opponent is forfeited: FFL for it, FFW for the
 *   opponent, standings updated as for any result;
 * - its queue entry ends; an awaiting match-up is declined as a leave, so the opponent goes back to
 *   the queue (planQueueLeave, planMatchUpEnding).
 * The matchmaker then never pairs it: it only pairs entries still waiting under its row locks, and
 * a withdrawn roster cannot join again. Returns the step that sends the notices after the commit.
 */
export function createLadderWithdrawal(
  context: LadderContext,
  endMatchUp: EndMatchUp,
  finishSeriesIn: FinishSeriesIn,
) {
  const { repo, deps } = context;

  return async function withdrawRoster(rosterId: string, tx: Executor): Promise<AfterCommit> {
    const notices: Notice[] = [];
    // Series first, in id order: finishing one completes the queue entries that led to it.
    const forfeited = await repo.seriesToForfeit(rosterId, tx);
    for (const series of forfeited) {
      const forfeit = series.position === 0 ? 'home' : 'away';
      await finishSeriesIn({ matchSeriesId: series.id, stars: { home: 0, away: 0 }, forfeit }, tx, notices);
    }
    // Then the queue, locking the match-up before the entry as every ladder path does.
    const seen = (await repo.liveEntry(rosterId, tx))?.matchUpId ?? null;
    let matchUp = seen ? await repo.findMatchUp(seen, tx, true) : null;
    const entry = await repo.liveEntry(rosterId, tx, true);
    if (entry && entry.matchUpId !== seen) {
      // Paired meanwhile: its match-up is locked against the order; a deadlock is retried whole by
      // the transaction helper.
      matchUp = entry.matchUpId ? await repo.findMatchUp(entry.matchUpId, tx, true) : null;
    }
    const plan = planQueueLeave(entry, matchUp);
    if (plan.kind === 'cancel-entry') {
      await repo.updateEntry(plan.entryId, { status: 'cancelled', endedAt: deps.now() }, tx);
    } else if (plan.kind === 'decline-match-up' && matchUp) {
      await endMatchUp(matchUp, { kind: 'declined', rosterId, leaving: true }, tx, notices);
    }
    return () => {
      deps.notify(notices);
      if (forfeited.length > 0) deps.onStandingsChanged?.();
    };
  };
}
