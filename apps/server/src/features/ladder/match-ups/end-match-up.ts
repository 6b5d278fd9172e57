import { type MatchUpEnding, planMatchUpEnding } from '@cwh/domain';
import type { Executor } from '../../../db/client.js';
import type { LadderContext } from '../ladder-context.js';
import { type Notice, notice } from '../ladder-notices.js';
import type { MatchUpRow } from '../ladder-repository.js';

/** How a match-up ends (the domain's ending) and who ended it, for the `ended_by` audit column. */
export type Ending =
  | { kind: 'declined'; rosterId: string; leaving?: boolean }
  | { kind: 'expired'; by: string };

export type EndMatchUp = (
  matchUp: MatchUpRow,
  ending: Ending,
  tx: Executor,
  notices: Notice[],
) => Promise<string[]>;

/**
 * Ends an awaiting match-up whose row the caller locked: `planMatchUpEnding` decides what happens
 * to each side and its queue entry, one repository call saves it, and both captains get
 * `match_up_declined` (after the commit). No match series is created. Returns the requeued rosters.
 */
export async function endMatchUp(
  context: LadderContext,
  matchUp: MatchUpRow,
  ending: Ending,
  tx: Executor,
  notices: Notice[],
): Promise<string[]> {
  const { repo, deps } = context;
  const sides = await repo.sidesOf([matchUp.id], tx);
  const entries = await repo.entriesByIds(
    sides.map((s) => s.queueEntryId),
    tx,
  );
  const open = new Set(entries.filter((e) => !e.endedAt).map((e) => e.id));
  const domainEnding: MatchUpEnding =
    ending.kind === 'expired' ? { kind: 'expired' } : { ...ending, kind: 'declined' };
  const plan = planMatchUpEnding(
    sides.map((s) => ({ rosterId: s.rosterId, response: s.response, entryOpen: open.has(s.queueEntryId) })),
    domainEnding,
  );
  const endedBy = ending.kind === 'expired' ? ending.by : `${deps.instanceId}:declined`;
  await repo.saveMatchUpEnding(matchUp.id, sides, plan, { at: deps.now(), endedBy }, tx);
  for (const side of sides) {
    // The captain who declined (or left) needs no notice of it in their log; the other one does.
    const decliner = ending.kind === 'declined' && side.rosterId === ending.rosterId;
    notices.push(
      notice(
        matchUp.tenant,
        side.ownerId,
        'matches:match_up_declined',
        {
          id: matchUp.id,
          matchSeries: null,
          reason: ending.kind,
          requeuedRosterIds: plan.requeuedRosterIds,
        },
        decliner ? false : undefined,
      ),
    );
  }
  return plan.requeuedRosterIds;
}
