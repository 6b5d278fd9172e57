import { randomUUID } from 'node:crypto';
import { batchWriter } from '../../../db/batch-loader.js';
import type { Executor } from '../../../db/client.js';
import type { Actor } from '../../../db/unit-of-work.js';
import { DomainError } from '../../../errors/domain-error.js';
import { refuseClansInWar } from '../../../game/war-refusals.js';
import type { Caller, LadderContext } from '../ladder-context.js';
import { type Notice, notice } from '../ladder-notices.js';
import type { MatchUpRow, MatchUpSideRow, RosterRow } from '../ladder-repository.js';
import { endMatchUp } from './end-match-up.js';
import { callerSide } from './match-up-answer.js';

/**
 * A match-up as an answer leaves it, with its sides and their rosters: what the answer's resource
 * shows, without reading back what the transaction just wrote.
 */
export interface AnsweredMatchUp {
  matchUp: MatchUpRow;
  sides: MatchUpSideRow[];
  rosters: RosterRow[];
}

/** What an accept found; the refusals are thrown only after its transaction committed. */
type AcceptOutcome = { expired: true } | { closed: string } | { answered: AnsweredMatchUp };

/** An accept asked: the match-up and who answers. */
type AcceptRequest = { id: string; caller: Caller; actor?: Actor | undefined };

/** A match-up as the accepts of a batch left it so far, and what they still have to write. */
interface BatchState extends AnsweredMatchUp {
  /** Sides this batch accepted: written by `acceptSides`, or by the series statement if one is made. */
  acceptedNow: MatchUpSideRow[];
  /** The series this batch made (both sides accepted): its id and date, written at the end. */
  series: { id: string; date: Date } | null;
}

/**
 * Captains accept (POST /match-ups/{id}/accept). When the other side accepted too, exactly one match
 * series is created in the same transaction. An expired match-up is ended (sides requeued) and THEN
 * refused: the transaction returns the outcome instead of throwing, because a throw would roll the
 * expiry back and the match-up would stay awaiting until the sweeper came by; the refusal is thrown
 * after the commit.
 *
 * The accepts of one event-loop turn (a burst: every pair found by one tick accepts at once) share
 * ONE transaction (db/batch-loader.ts): one locked read of all their match-ups and sides, in id
 * order; each accept then decided in turn, in memory, on what the earlier ones of the batch left,
 * all at one time (`at`: one deadline for the whole batch); then the writes: the sides accepted
 * where no series was made in one statement, and the series made in one (which accepts their sides
 * too); one commit. A refusal is one accept's answer and rolls nothing back; should the transaction fail,
 * each accept runs alone in its own.
 */
export function createAccepts(context: LadderContext) {
  const { deps, repo, commit } = context;
  /** The `ended_by` of a match-up both captains accepted. */
  const acceptedBy = `${deps.instanceId}:accepted`;

  async function acceptAll(requests: readonly AcceptRequest[]): Promise<(AnsweredMatchUp | Error)[]> {
    const outcomes = await commit(async (tx, notices, uow) => {
      const at = deps.now();
      const found = await repo.lockMatchUpsWithSides(
        requests.map((r) => r.id),
        tx,
      );
      const states = new Map<string, BatchState>();
      for (const f of found) if (f) states.set(f.matchUp.id, { ...f, acceptedNow: [], series: null });
      const out: (AcceptOutcome | DomainError)[] = [];
      for (const { id, caller, actor } of requests) {
        const state = states.get(id);
        if (!state) {
          out.push(new DomainError('NOT_FOUND', `No match-up with id ${id}`));
          continue;
        }
        try {
          const outcome = await acceptOne(state, caller, at, tx, notices);
          // The accept's activity-log row, in the batch's transaction, by its own caller.
          if ('answered' in outcome && actor) {
            const entry = { action: 'match-up.accept', targetType: 'match-ups', targetId: id };
            await uow.record({ ...entry, after: { status: outcome.answered.matchUp.status } }, actor);
          }
          out.push(outcome);
        } catch (error) {
          // A refusal answers this accept alone; anything else fails the transaction.
          if (!(error instanceof DomainError)) throw error;
          out.push(error);
        }
      }
      // The sides accepted where no series was made, in one write; then the series made, in one.
      const accepted = [...states.values()].flatMap((state) => (state.series ? [] : state.acceptedNow));
      await repo.acceptSides(accepted, at, tx);
      await writeSeries([...states.values()], at, tx);
      return out;
    });
    return outcomes.map(answerOf);
  }

  /**
   * One accept on its match-up as the batch left it (`state`, updated in place for the accepts after
   * it): its side accepted, and the series made once both sides accepted. An expiry is written at
   * once: with one `at` for the batch, every accept of an expired match-up finds it expired, so the
   * batch has nothing of it left to write.
   */
  async function acceptOne(
    state: BatchState,
    caller: Caller,
    at: Date,
    tx: Executor,
    notices: Notice[],
  ): Promise<AcceptOutcome> {
    const { matchUp } = state;
    const side = callerSide(state.sides, state.rosters, caller);
    if (matchUp.status === 'awaiting_confirmation' && at >= matchUp.expiresAt) {
      await endMatchUp(context, matchUp, { kind: 'expired', by: `${deps.instanceId}:accept` }, tx, notices);
      state.matchUp = { ...matchUp, status: 'expired' };
      return { expired: true };
    }
    if (matchUp.status !== 'awaiting_confirmation') {
      // Accepting twice is fine: the second answer finds its own acceptance.
      if (matchUp.status === 'accepted' && side.response === 'accepted') return answered(state);
      return { closed: matchUp.status };
    }
    if (side.response === 'declined') return { closed: 'declined' };
    if (side.response === 'pending') {
      const accepted = { ...side, response: 'accepted' as const, respondedAt: at };
      state.sides = state.sides.map((s) => (s.id === side.id ? accepted : s));
      state.acceptedNow.push(accepted);
    }
    const other = state.sides.find((s) => s.id !== side.id)!;
    if (other.response === 'accepted') makeSeries(state, at, notices);
    return answered(state);
  }

  /**
   * Both accepted: exactly one series (unique on match_up_id; its id chosen here, so the answers know
   * it before it is written), the match-up accepted with it, both captains told (after the commit).
   */
  function makeSeries(state: BatchState, at: Date, notices: Notice[]) {
    const { matchUp } = state;
    const series = { id: randomUUID(), date: new Date(at.getTime() + deps.config.matchLeadTimeMs) };
    state.series = series;
    state.matchUp = {
      ...matchUp,
      status: 'accepted',
      endedAt: at,
      endedBy: acceptedBy,
      matchSeriesId: series.id,
    };
    state.sides = state.sides.map((s) => ({ ...s, endedAt: at }));
    for (const side of state.sides) {
      notices.push(
        notice(matchUp.tenant, side.ownerId, 'matches:match_up_accepted', {
          id: matchUp.id,
          matchSeries: { id: series.id },
        }),
      );
    }
  }

  /**
   * The series the batch made, in one statement: series, competitors, both sides accepted and ended,
   * entries and match-ups (`createMatchUpSeries`).
   */
  async function writeSeries(states: BatchState[], at: Date, tx: Executor) {
    const made = states.flatMap(({ matchUp, sides, series }) =>
      series
        ? [
            {
              matchUp,
              series,
              sides: [...sides].sort((a, b) => (a.side === 'home' ? -1 : b.side === 'home' ? 1 : 0)),
            },
          ]
        : [],
    );
    if (made.length === 0) return;
    const created = new Set(await repo.createMatchUpSeries(made, { createdAt: at, endedBy: acceptedBy }, tx));
    // The match-up row locks and their status make a second series unreachable; should one exist,
    // the transaction rolls back rather than answer a match-up half accepted.
    const refused = made.find(({ series }) => !created.has(series.id));
    if (refused) throw new Error(`match-up ${refused.matchUp.id} already has a series`);
    for (const { series } of made) await deps.onSeriesCreated?.(series, tx);
  }

  const batch = batchWriter(acceptAll, async (request: AcceptRequest) => {
    const [answer] = await acceptAll([request]);
    if (answer instanceof Error) throw answer;
    return answer!;
  });

  return {
    async accept(id: string, caller: Caller, actor?: Actor): Promise<AnsweredMatchUp> {
      await refuseClanInWar(context, id, caller);
      return batch.load({ id, caller, actor });
    },
  };
}

/** The answer of an accept: the match-up as the batch had left it when this accept was decided. */
function answered({ matchUp, sides, rosters }: BatchState): AcceptOutcome {
  return { answered: { matchUp, sides, rosters } };
}

/** An accept's answer: the match-up as it left it, or its refusal. */
function answerOf(outcome: AcceptOutcome | DomainError): AnsweredMatchUp | DomainError {
  if (outcome instanceof DomainError) return outcome;
  if ('closed' in outcome) {
    return new DomainError(
      outcome.closed === 'expired' ? 'MATCH_UP_EXPIRED' : 'MATCH_UP_CLOSED',
      `The match-up is ${outcome.closed}`,
    );
  }
  if ('expired' in outcome)
    return new DomainError('MATCH_UP_EXPIRED', 'The match-up expired before it was accepted');
  return outcome.answered;
}

/**
 * Spec 8: a clan in war cannot accept (→ /error/23), nor against an opponent in war (→ 19/20). Read before the transaction, without locks,
 * because it is a call to the game that must not hold row locks while it waits.
 */
async function refuseClanInWar(context: LadderContext, id: string, caller: Caller): Promise<void> {
  const { repo, deps } = context;
  // The match-up, its sides and both rosters in one read: the caller's side, then both clans.
  const found = await repo.matchUpWithSides(id);
  if (!found) throw new DomainError('NOT_FOUND', `No match-up with id ${id}`);
  const { matchUp: peek, sides, rosters } = found;
  const side = callerSide(sides, rosters, caller);
  const roster = rosters.find((r) => r.id === side.rosterId);
  if (peek.status !== 'awaiting_confirmation' || !roster?.clanTag) return;
  // Both clans: own first (→ 23), then the opponent (→ 19/20).
  const other = sides.find((s) => s.rosterId !== side.rosterId);
  const opponent = other ? rosters.find((r) => r.id === other.rosterId) : undefined;
  await refuseClansInWar(deps.game, { own: roster.clanTag, opponent: opponent?.clanTag });
}
