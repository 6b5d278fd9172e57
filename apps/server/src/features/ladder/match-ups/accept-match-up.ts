import type { Executor } from '../../../db/client.js';
import { DomainError } from '../../../errors/domain-error.js';
import { refuseClansInWar } from '../../../game/war-refusals.js';
import type { Caller, LadderContext } from '../ladder-context.js';
import { type Notice, notice } from '../ladder-notices.js';
import type { MatchUpRow, MatchUpSideRow, RosterRow } from '../ladder-repository.js';
import { endMatchUp } from './end-match-up.js';
import { callerSide, loadForAnswer } from './match-up-answer.js';

/**
 * A match-up as an answer leaves it, with its sides and their rosters: what the answer's resource
 * shows, without reading back what the transaction just wrote.
 */
export interface AnsweredMatchUp {
  matchUp: MatchUpRow;
  sides: MatchUpSideRow[];
  rosters: RosterRow[];
}

/** What the accept transaction found; the refusals are thrown only after it committed. */
type AcceptOutcome = { expired: true } | { closed: string } | { answered: AnsweredMatchUp };

/**
 * A captain accepts. When the other side accepted too, exactly one match series is created in the
 * same transaction. An expired match-up is ended (sides requeued) and THEN refused: the transaction
 * returns the outcome instead of throwing, because a throw would roll the expiry back and the
 * match-up would stay awaiting until the sweeper came by; the refusal is thrown after the commit.
 */
export async function acceptMatchUp(
  context: LadderContext,
  id: string,
  caller: Caller,
): Promise<AnsweredMatchUp> {
  await refuseClanInWar(context, id, caller);
  const { deps, repo, commit } = context;
  const outcome = await commit(async (tx, notices): Promise<AcceptOutcome> => {
    const { matchUp, sides, side, rosters } = await loadForAnswer(repo, id, caller, tx);
    if (matchUp.status === 'awaiting_confirmation' && deps.now() >= matchUp.expiresAt) {
      await endMatchUp(context, matchUp, { kind: 'expired', by: `${deps.instanceId}:accept` }, tx, notices);
      return { expired: true };
    }
    if (matchUp.status !== 'awaiting_confirmation') {
      // Accepting twice is fine: the second answer finds its own acceptance.
      if (matchUp.status === 'accepted' && side.response === 'accepted')
        return { answered: { matchUp, sides, rosters } };
      return { closed: matchUp.status };
    }
    if (side.response === 'declined') return { closed: 'declined' };
    let answered = sides;
    if (side.response === 'pending') {
      const set = { response: 'accepted' as const, respondedAt: deps.now() };
      await repo.acceptSide(side, set.respondedAt, tx);
      answered = sides.map((s) => (s.id === side.id ? { ...s, ...set } : s));
    }
    const other = sides.find((s) => s.id !== side.id)!;
    if (other.response !== 'accepted') return { answered: { matchUp, sides: answered, rosters } };
    const created = await createSeries(context, matchUp, answered, tx, notices);
    return { answered: { ...created, rosters } };
  });
  if ('closed' in outcome) {
    throw new DomainError(
      outcome.closed === 'expired' ? 'MATCH_UP_EXPIRED' : 'MATCH_UP_CLOSED',
      `The match-up is ${outcome.closed}`,
    );
  }
  if ('expired' in outcome)
    throw new DomainError('MATCH_UP_EXPIRED', 'The match-up expired before it was accepted');
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

/**
 * Both accepted: exactly one series (unique on match_up_id), written with its competitors, both
 * sides and entries ended and the match-up accepted in one statement (`createMatchUpSeries`).
 * Answers the match-up and its sides as it wrote them.
 */
async function createSeries(
  context: LadderContext,
  matchUp: MatchUpRow,
  sides: MatchUpSideRow[],
  tx: Executor,
  notices: Notice[],
) {
  const { repo, deps } = context;
  const at = deps.now();
  const date = new Date(at.getTime() + deps.config.matchLeadTimeMs);
  const endedBy = `${deps.instanceId}:accepted`;
  const ordered = [...sides].sort((a, b) => (a.side === 'home' ? -1 : b.side === 'home' ? 1 : 0));
  const seriesId = await repo.createMatchUpSeries(matchUp, ordered, { createdAt: at, date, endedBy }, tx);
  // The match-up row lock and its status make a second series unreachable; should one exist, the
  // transaction rolls back rather than answer a match-up half accepted.
  if (!seriesId) throw new Error(`match-up ${matchUp.id} already has a series`);
  await deps.onSeriesCreated?.({ id: seriesId, date }, tx);
  const accepted = { status: 'accepted' as const, endedAt: at, endedBy, matchSeriesId: seriesId };
  for (const side of sides) {
    notices.push(
      notice(matchUp.tenant, side.ownerId, 'matches:match_up_accepted', {
        id: matchUp.id,
        matchSeries: { id: seriesId },
      }),
    );
  }
  return { matchUp: { ...matchUp, ...accepted }, sides: sides.map((s) => ({ ...s, endedAt: at })) };
}
