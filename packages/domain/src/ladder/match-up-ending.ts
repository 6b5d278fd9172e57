/**
 * How a match-up awaiting confirmation ends when it is declined or expires: a pure plan that the
 * server saves with one repository call. (Acceptance by both captains creates a match series
 * instead and is not planned here.)
 */

export type MatchUpResponse = 'pending' | 'accepted' | 'declined';

export type MatchUpEnding =
  /** A captain declined; `leaving` when the decline comes from leaving the queue. */
  { kind: 'declined'; rosterId: string; leaving?: boolean } | { kind: 'expired' };

export interface EndingSide {
  rosterId: string;
  response: MatchUpResponse;
  /** The side's queue entry is still open (not ended); an ended entry is left alone. */
  entryOpen: boolean;
}

/** What happens to a side's queue entry: back to waiting (original joinedAt kept), or it ends. */
export type EntryFate = 'requeue' | 'declined' | 'cancelled' | 'expired' | 'untouched';

export interface SideEnding {
  rosterId: string;
  /** The side's final answer; `declinedNow` when this ending is its decline (respondedAt = now). */
  response: MatchUpResponse;
  declinedNow: boolean;
  entry: EntryFate;
}

export interface MatchUpEndingPlan {
  status: 'declined' | 'expired';
  sides: SideEnding[];
  /** Rosters whose entries go back to the queue (the `match_up_declined` notice names them). */
  requeuedRosterIds: string[];
}

/**
 * Declined: the decliner's entry ends (declined, or cancelled when leaving the queue); the other
 * side goes back to the queue unless it declined too. Expired: sides that accepted go back to the
 * queue, the others end as expired. Sides whose entry already ended keep it as it is.
 */
export function planMatchUpEnding(sides: readonly EndingSide[], ending: MatchUpEnding): MatchUpEndingPlan {
  const planned = sides.map((side): SideEnding => {
    const declining = ending.kind === 'declined' && side.rosterId === ending.rosterId;
    const response = declining ? 'declined' : side.response;
    return {
      rosterId: side.rosterId,
      response,
      declinedNow: declining,
      entry: entryFate(side, ending, declining),
    };
  });
  return {
    status: ending.kind,
    sides: planned,
    requeuedRosterIds: planned.filter((s) => s.entry === 'requeue').map((s) => s.rosterId),
  };
}

function entryFate(side: EndingSide, ending: MatchUpEnding, declining: boolean): EntryFate {
  if (!side.entryOpen) return 'untouched';
  if (ending.kind === 'expired') return side.response === 'accepted' ? 'requeue' : 'expired';
  if (!declining) return side.response === 'declined' ? 'declined' : 'requeue';
  return ending.leaving ? 'cancelled' : 'declined';
}
