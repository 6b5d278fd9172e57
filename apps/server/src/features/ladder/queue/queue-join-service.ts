import {
  MATCH_LIMIT_MESSAGE,
  MATCH_LIMIT_WINDOW_MS,
  MAX_MATCHES_PER_24H,
  planQueueLeave,
  ROSTER_ALREADY_PLAYED_DETAIL,
  rematchNotBefore,
  TEAM_SIZE,
} from '@cwh/domain';
import { DomainError } from '../../../errors/domain-error.js';
import { gameCall } from '../../../game/game-call.js';
import { type GameAdapter, normalizeTag } from '../../../game/index.js';
import { type Caller, type LadderContext, ownedRoster, requireCaptainOrManager } from '../ladder-context.js';
import type { QueueRematchValue, QueueStatusEntry } from '../ladder-mappers.js';
import type { QueueEntryRow } from '../ladder-repository.js';
import type { EndMatchUp } from '../match-ups/end-match-up.js';

const LEAVE_ATTEMPTS = 5;
/** The entry was paired while `leave` read it: roll back and take the locks again, in order. */
class MatchedMeanwhile extends Error {}

/** Queue: a roster's status, join (with its refusals in the documented order) and leave. */
export function createQueueJoinService(context: LadderContext, endMatchUp: EndMatchUp) {
  const { deps, repo, commit } = context;
  const { game, config, now } = deps;

  async function status(rosterId: string, caller: Caller): Promise<QueueStatusEntry | null> {
    await ownedRoster(repo, rosterId, caller);
    const entry = await repo.latestEntry(rosterId);
    if (!entry || entry.status === 'completed') return null;
    return { ...entry, rematch: entry.status === 'waiting' ? await rematchOf(entry) : null };
  }

  /** A waiting entry's last opponent and when the two may meet again (the matchmaking's grace). */
  async function rematchOf(entry: QueueEntryRow): Promise<QueueRematchValue | null> {
    const last = await repo.lastOpponent(entry.rosterId);
    if (!last) return null;
    const graceMs = config.rematchGraceMs;
    const notBefore = rematchNotBefore(entry.joinedAt.getTime(), last.waitingSinceMs, graceMs);
    return {
      opponent: { id: last.rosterId, name: last.name },
      graceMs,
      notBefore: notBefore == null ? null : new Date(notBefore),
    };
  }

  /**
   * Join refusals in the order the web checks them (docs/api/ladder.md). The database facts are read
   * in one statement up front (joinContext); the order of the refusals is unchanged.
   */
  async function join(rosterId: string, caller: Caller, tenant: string, playerTags: string[]) {
    const at = now();
    const context = await repo.joinContext(rosterId, at, new Date(at.getTime() - MATCH_LIMIT_WINDOW_MS));
    if (!context) throw new DomainError('NOT_FOUND', `No roster with id ${rosterId}`);
    const { roster } = context;
    requireCaptainOrManager(roster, caller);
    if (!roster.confirmedAt || roster.withdrawnAt) {
      throw new DomainError('NOT_IN_LADDER', 'Only a locked roster can queue');
    }
    if (!roster.clanTag) throw new DomainError('NOT_IN_LADDER', 'Only a clan roster can queue');
    const segment = context.segment;
    if (!segment) throw new DomainError('NOT_IN_LADDER', 'No ladder segment of this roster is open now');

    if (context.liveEntryId) {
      const live = await repo.liveEntry(roster.id);
      if (live) return live;
    }

    const status = await gameCall(() => game.getWarStatus(roster.clanTag!));
    if (status !== 'none') {
      throw new DomainError('CLAN_IS_IN_WAR', 'Your clan is in an active Clan War or Friendly War', {
        meta: { warStatus: status },
      });
    }
    if (context.openSeriesId) {
      throw new DomainError('UPCOMING_MATCH', 'This roster still has an upcoming match', {
        meta: { matchSeriesId: context.openSeriesId },
      });
    }
    const configured = (segment.configuration as { maxMatches?: unknown } | null)?.maxMatches;
    const maxMatches = typeof configured === 'number' ? configured : config.maxMatchesPerSegment;
    if (context.played >= maxMatches) {
      throw new DomainError(
        'ROSTER_ALREADY_PLAYED',
        `This ${ROSTER_ALREADY_PLAYED_DETAIL} its ${maxMatches} matches in this ladder segment`,
      );
    }
    if (context.recent >= MAX_MATCHES_PER_24H)
      throw new DomainError('MATCH_LIMIT_REACHED', MATCH_LIMIT_MESSAGE);

    // A locked roster that lost a member (removed by staff) cannot field a team of 5: error 30.
    if (context.members.length < TEAM_SIZE) {
      throw new DomainError('ROSTER_MISSING_MEMBER', 'Your roster is missing a member; it needs 5 to play', {
        meta: { members: context.members.length, required: TEAM_SIZE },
      });
    }
    const tags = playerTags.map((t) => normalizeTag(t));
    const clan = await checkLineup(game, roster.clanTag!, tags, context.members);
    const entry =
      (await repo.insertEntryWithSelection(
        {
          tenant,
          rosterId: roster.id,
          segmentId: segment.id,
          thLevel: clan.thLevel,
          ownerId: roster.ownerId,
          playerTags: tags,
          status: 'waiting',
          joinedAt: at,
          createdAt: at,
        },
        { clanTag: roster.clanTag!, playerTags: tags, updatedAt: at },
      )) ?? (await repo.liveEntry(roster.id))!;
    return entry;
  }

  /**
   * Locks in the order every ladder path uses, match-up before queue entries (accept, decline and
   * the sweeper lock the match-up, then write both entries): the match-up the entry points to is
   * locked first, then the entry. If the entry was matched to another match-up in between, the
   * attempt rolls back and starts over rather than lock against the order.
   */
  async function leave(rosterId: string, caller: Caller) {
    await ownedRoster(repo, rosterId, caller);
    for (let attempt = 1; ; attempt++) {
      const seen = (await repo.liveEntry(rosterId))?.matchUpId ?? null;
      try {
        return await commit(async (tx, notices) => {
          let matchUp = seen ? await repo.findMatchUp(seen, tx, true) : null;
          const entry = await repo.liveEntry(rosterId, tx, true);
          if (entry && entry.matchUpId !== seen) {
            if (attempt < LEAVE_ATTEMPTS) throw new MatchedMeanwhile();
            // Last attempt: against the order; a deadlock now is retried by the transaction helper.
            matchUp = entry.matchUpId ? await repo.findMatchUp(entry.matchUpId, tx, true) : null;
          }
          const plan = planQueueLeave(entry, matchUp);
          if (plan.kind === 'cancel-entry') {
            return repo.updateEntry(plan.entryId, { status: 'cancelled', endedAt: now() }, tx);
          }
          if (plan.kind === 'decline-match-up' && matchUp) {
            await endMatchUp(matchUp, { kind: 'declined', rosterId, leaving: true }, tx, notices);
          }
          return repo.latestEntry(rosterId, tx);
        });
      } catch (error) {
        if (!(error instanceof MatchedMeanwhile)) throw error;
      }
    }
  }

  return { status, join, leave };
}

/**
 * The players a captain queues with: on the roster, in the clan now, all at the clan's town hall
 * level (in that order, as the web reports them). Returns the clan as the game sees it.
 */
async function checkLineup(game: GameAdapter, clanTag: string, tags: string[], rosterMembers: string[]) {
  const members = new Set(rosterMembers);
  const strangers = tags.filter((t) => !members.has(t));
  if (strangers.length > 0) {
    throw new DomainError('WRONG_MEMBER', `Not on the roster: ${strangers.join(', ')}`, {
      meta: { playerTags: strangers },
    });
  }
  const clan = await gameCall(() => game.getClan(clanTag));
  const inClan = new Map((clan?.members ?? []).map((m) => [m.tag, m]));
  const missing = tags.filter((t) => !inClan.has(t));
  if (!clan || missing.length > 0) {
    throw new DomainError('MEMBERS_MISSING', 'A team member is missing from your clan', {
      meta: { playerTags: missing },
    });
  }
  const mismatched = tags.filter((t) => inClan.get(t)!.townHallLevel !== clan.thLevel);
  if (mismatched.length > 0) {
    throw new DomainError('TH_LEVELS_MISMATCH', 'Selected players have a different Town Hall level', {
      meta: { playerTags: mismatched, clanThLevel: clan.thLevel },
    });
  }
  return clan;
}
