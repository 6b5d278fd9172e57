import type { Executor } from '../../../db/client.js';
import { DomainError } from '../../../errors/domain-error.js';
import { refuseClansInWar } from '../../../game/war-refusals.js';
import type { Caller, LadderContext } from '../ladder-context.js';
import { type Notice, notice } from '../ladder-notices.js';
import type { MatchUpRow, MatchUpSideRow, RosterRow } from '../ladder-repository.js';

const SWEEP_BATCH = 200;

export type Ending =
  | { kind: 'declined'; rosterId: string; leaving?: boolean }
  | { kind: 'expired'; by: string };
export type EndMatchUp = (
  matchUp: MatchUpRow,
  ending: Ending,
  tx: Executor,
  notices: Notice[],
) => Promise<string[]>;

/** Match-ups: accept, decline, the sweeper, and how a match-up ends (declined, expired, accepted). */
export function createMatchUpService(context: LadderContext) {
  const { deps, repo, commit } = context;
  const { game, config, now } = deps;

  /**
   * Ends an awaiting match-up (row locked by the caller). Declined: the decliner's entry ends
   * (declined, or cancelled when leaving the queue); the other side goes back to the queue unless it
   * declined too. Expired: sides that accepted go back to the queue (original joinedAt), the others
   * end as expired. No match series is created; both captains get `match_up_declined`.
   */
  async function endMatchUp(matchUp: MatchUpRow, ending: Ending, tx: Executor, notices: Notice[]) {
    const at = now();
    const sides = await repo.sidesOf([matchUp.id], tx);
    const entries = new Map(
      (
        await repo.entriesByIds(
          sides.map((s) => s.queueEntryId),
          tx,
        )
      ).map((e) => [e.id, e]),
    );
    const requeued: string[] = [];
    for (const side of sides) {
      const entry = entries.get(side.queueEntryId);
      const declining = ending.kind === 'declined' && side.rosterId === ending.rosterId;
      const response = declining ? 'declined' : side.response;
      await repo.updateSide(
        side.id,
        { response, respondedAt: declining ? at : side.respondedAt, endedAt: at },
        tx,
      );
      if (!entry || entry.endedAt) continue;
      const backToQueue =
        ending.kind === 'declined'
          ? !declining && side.response !== 'declined'
          : side.response === 'accepted';
      if (backToQueue) {
        await repo.updateEntry(entry.id, { status: 'waiting', matchUpId: null }, tx);
        requeued.push(side.rosterId);
      } else {
        const status =
          ending.kind === 'expired' ? 'expired' : ending.leaving && declining ? 'cancelled' : 'declined';
        await repo.updateEntry(entry.id, { status, endedAt: at }, tx);
      }
    }
    await repo.updateMatchUp(
      matchUp.id,
      {
        status: ending.kind,
        endedAt: at,
        endedBy: ending.kind === 'expired' ? ending.by : `${deps.instanceId}:declined`,
      },
      tx,
    );
    for (const side of sides) {
      notices.push(
        notice(matchUp.tenant, side.ownerId, 'matches:match_up_declined', {
          id: matchUp.id,
          matchSeries: null,
          reason: ending.kind,
          requeuedRosterIds: requeued,
        }),
      );
    }
    return requeued;
  }

  function callerSide(sides: MatchUpSideRow[], rosters: RosterRow[], caller: Caller): MatchUpSideRow {
    const owners = new Map(rosters.map((r) => [r.id, r.ownerId]));
    const own = sides.filter((s) => s.ownerId === caller.id || owners.get(s.rosterId) === caller.id);
    const side = own.find((s) => s.response === 'pending') ?? own[0];
    if (!side) throw new DomainError('FORBIDDEN', 'Only the captains of this match-up may answer it');
    return side;
  }

  async function loadForAnswer(id: string, caller: Caller, tx: Executor) {
    const matchUp = await repo.findMatchUp(id, tx, true);
    if (!matchUp) throw new DomainError('NOT_FOUND', `No match-up with id ${id}`);
    const sides = await repo.sidesOf([id], tx);
    const rosters = await repo.rostersByIds(
      sides.map((s) => s.rosterId),
      tx,
    );
    return { matchUp, sides, side: callerSide(sides, rosters, caller), rosters };
  }

  async function accept(id: string, caller: Caller) {
    // Spec 8: a clan in war cannot accept (→ /error/23). Read before the transaction: it is a game call.
    {
      const peek = await repo.findMatchUp(id);
      if (!peek) throw new DomainError('NOT_FOUND', `No match-up with id ${id}`);
      const sides = await repo.sidesOf([id]);
      const side = callerSide(sides, await repo.rostersByIds(sides.map((s) => s.rosterId)), caller);
      const roster = await repo.findRoster(side.rosterId);
      if (peek.status === 'awaiting_confirmation' && roster?.clanTag) {
        // Both clans: own first (→ 23), then the opponent (→ 19/20).
        const other = sides.find((s) => s.rosterId !== side.rosterId);
        const opponent = other ? await repo.findRoster(other.rosterId) : null;
        await refuseClansInWar(game, { own: roster.clanTag, opponent: opponent?.clanTag });
      }
    }
    const outcome = await commit(async (tx, notices) => {
      const { matchUp, sides, side } = await loadForAnswer(id, caller, tx);
      if (matchUp.status === 'awaiting_confirmation' && now() >= matchUp.expiresAt) {
        await endMatchUp(matchUp, { kind: 'expired', by: `${deps.instanceId}:accept` }, tx, notices);
        return { expired: true as const };
      }
      if (matchUp.status !== 'awaiting_confirmation') {
        if (matchUp.status === 'accepted' && side.response === 'accepted') return { expired: false as const };
        return { closed: matchUp.status };
      }
      if (side.response === 'declined') return { closed: 'declined' as const };
      const at = now();
      if (side.response === 'pending') {
        await repo.updateSide(side.id, { response: 'accepted', respondedAt: at }, tx);
        await repo.updateEntry(side.queueEntryId, { status: 'accepted' }, tx);
      }
      const other = sides.find((s) => s.id !== side.id)!;
      if (other.response === 'accepted') await createSeries(matchUp, sides, tx, notices);
      return { expired: false as const };
    });
    if ('closed' in outcome) {
      throw new DomainError(
        outcome.closed === 'expired' ? 'MATCH_UP_EXPIRED' : 'MATCH_UP_CLOSED',
        `The match-up is ${outcome.closed}`,
      );
    }
    if (outcome.expired)
      throw new DomainError('MATCH_UP_EXPIRED', 'The match-up expired before it was accepted');
    return (await repo.findMatchUp(id))!;
  }

  /** Both accepted: exactly one series (unique on match_up_id), entries end as accepted. */
  async function createSeries(matchUp: MatchUpRow, sides: MatchUpSideRow[], tx: Executor, notices: Notice[]) {
    const at = now();
    const segment = await repo.findSegment(matchUp.segmentId, tx);
    const entries = new Map(
      (
        await repo.entriesByIds(
          sides.map((s) => s.queueEntryId),
          tx,
        )
      ).map((e) => [e.id, e]),
    );
    const date = new Date(at.getTime() + config.matchLeadTimeMs);
    const series =
      (await repo.insertSeries(
        {
          tenant: matchUp.tenant,
          eventId: segment!.eventId,
          segmentId: matchUp.segmentId,
          matchUpId: matchUp.id,
          date,
          state: 'upcoming',
          createdAt: at,
        },
        tx,
      )) ?? (await repo.seriesByMatchUp(matchUp.id, tx))!;
    const ordered = [...sides].sort((a, b) => (a.side === 'home' ? -1 : b.side === 'home' ? 1 : 0));
    await repo.insertCompetitors(
      ordered.map((side, position) => ({
        matchSeriesId: series.id,
        position,
        rosterId: side.rosterId,
        playerTags: entries.get(side.queueEntryId)?.playerTags ?? [],
        date,
      })),
      tx,
    );
    await deps.onSeriesCreated?.({ id: series.id, date }, tx);
    for (const side of sides) {
      await repo.updateSide(side.id, { endedAt: at }, tx);
      await repo.updateEntry(
        side.queueEntryId,
        { status: 'accepted', endedAt: at, matchSeriesId: series.id },
        tx,
      );
    }
    await repo.updateMatchUp(
      matchUp.id,
      { status: 'accepted', endedAt: at, endedBy: `${deps.instanceId}:accepted`, matchSeriesId: series.id },
      tx,
    );
    for (const side of sides) {
      notices.push(
        notice(matchUp.tenant, side.ownerId, 'matches:match_up_accepted', {
          id: matchUp.id,
          matchSeries: { id: series.id },
        }),
      );
    }
    return series;
  }

  async function decline(id: string, caller: Caller) {
    await commit(async (tx, notices) => {
      const { matchUp, side } = await loadForAnswer(id, caller, tx);
      if (matchUp.status !== 'awaiting_confirmation') return;
      if (now() >= matchUp.expiresAt) {
        await endMatchUp(matchUp, { kind: 'expired', by: `${deps.instanceId}:decline` }, tx, notices);
        return;
      }
      await endMatchUp(matchUp, { kind: 'declined', rosterId: side.rosterId }, tx, notices);
    });
    return (await repo.findMatchUp(id))!;
  }

  /** Expires every match-up past its deadline; rows locked elsewhere are left for the next sweep. */
  async function sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const swept = await commit(async (tx, notices) => {
        const due = await repo.lockDueMatchUps(now(), SWEEP_BATCH, tx);
        for (const matchUp of due) {
          await endMatchUp(matchUp, { kind: 'expired', by: `${deps.instanceId}:sweeper` }, tx, notices);
        }
        return due.length;
      });
      total += swept;
      if (swept < SWEEP_BATCH) return total;
    }
  }

  return { endMatchUp, accept, decline, sweep };
}
