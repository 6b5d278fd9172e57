import {
  isMonthlyQualifier,
  MATCH_CHECK_IN_ERROR,
  MATCH_TIME_PASSED_MESSAGE,
  matchCheckInDecision,
  playerSelectionRefusal,
} from '@cwh/domain';
import type { Db } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { type GameAdapter, normalizeTag } from '../../game/index.js';
import { refuseClansInWar } from '../../game/war-refusals.js';
import { type MatchRoomNoticePoster, postSystemNotice } from '../../realtime/match-room-notices.js';
import type { CheckinsRepository, SeriesSide } from './checkins-repository.js';
import { selectionError } from './segment-check-in-service.js';

export interface MatchCheckInDeps {
  db: Db;
  repo: CheckinsRepository;
  game: GameAdapter;
  now: () => Date;
  /** The match room's system notices (a team checked in). */
  matchRoomNotices: MatchRoomNoticePoster;
  /** POST /create-war's idempotent war creation (features/war). */
  createWar: (
    matchSeriesId: string,
    caller: { id: string; permissions: string[] },
  ) => Promise<{ warId: string; link: string }>;
}

export interface MatchCheckInResult {
  matchSeriesId: string;
  link: string | null;
  alreadyCheckedIn: boolean;
}

type Decision = ReturnType<typeof matchCheckInDecision>;

function refuse(decision: Decision): void {
  if (decision.kind !== 'refused') return;
  if (decision.reason === 'passedMatchTime') {
    throw new DomainError('MATCH_TIME_PASSED', MATCH_TIME_PASSED_MESSAGE);
  }
  throw new DomainError(
    MATCH_CHECK_IN_ERROR[decision.reason],
    decision.reason === 'noOpponent'
      ? 'This match has no opponent yet'
      : 'Match check-in opens 5 minutes before the match',
  );
}

const withRoster = (sides: readonly SeriesSide[]) => sides.filter((s) => s.roster !== null);

/**
 * Match check-in (spec 4 flow, 5, 7, 9): the captain of a roster of the series checks in from 5
 * minutes before the match until its time. A repeated call is a quiet no-op; in a monthly qualifier
 * the 5 named players become the side's line-up. The war deep link is answered once both sides are
 * in (the official game's link, the opponent's clan profile, at once), else null.
 */
export async function matchCheckIn(
  deps: MatchCheckInDeps,
  input: {
    tenant: string;
    user: { id: string; permissions: string[] };
    matchSeriesId: string;
    playerTags?: string[] | undefined;
  },
): Promise<MatchCheckInResult> {
  const { repo, game } = deps;
  const now = deps.now();
  const series = await repo.findSeries(input.matchSeriesId);
  if (!series || series.tenant !== input.tenant) {
    throw new DomainError('NOT_FOUND', `No match series with id ${input.matchSeriesId}`);
  }
  const sides = await repo.sidesOf(series.id);
  const own = sides.find((s) => s.roster?.ownerId === input.user.id);
  if (!own?.roster) {
    throw new DomainError('NOT_ROSTER_OWNER', 'Only a captain of this match series may check in');
  }
  const ownRoster = own.roster;
  const opponent = sides.find((s) => s !== own)?.roster ?? null;
  const rosterSides = withRoster(sides).map((s) => s.roster!);
  const checkedIn = await repo.checkedInRosterIds(series.id, rosterSides);
  const decision = matchCheckInDecision(
    {
      state: series.state,
      date: series.date,
      competitors: rosterSides.length,
      checkedIn: checkedIn.has(ownRoster.id),
    },
    now,
  );
  refuse(decision);

  if (decision.kind === 'checkIn') {
    const segment = await repo.findSegment(input.tenant, series.segmentId);
    let tags: string[] | null = null;
    if (isMonthlyQualifier(segment?.configuration)) {
      tags = (input.playerTags ?? []).map((tag) => normalizeTag(tag));
      const wrong = playerSelectionRefusal(
        tags,
        await repo.liveMembers(ownRoster.id),
        ownRoster.thLevel ?? 0,
      );
      if (wrong) throw selectionError(wrong.code, wrong.tags);
    }
    // Spec 8: neither clan may be in a war (14/18 own, 19/20 opponent), unless it is this match's war.
    if (!series.warId) {
      await refuseClansInWar(
        game,
        { own: ownRoster.clanTag, opponent: opponent?.clanTag },
        'Your team is in an active Clan War or Friendly War; cannot check in',
      );
    }
    const told = await runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
      // The series row is locked: the deadline job at the match time waits for this check-in or
      // runs first, in which case the check-in is refused like any other after the match time.
      const locked = await repo.findSeries(series.id, tx, true);
      refuse(
        matchCheckInDecision(
          { state: locked!.state, date: locked!.date, competitors: rosterSides.length, checkedIn: false },
          now,
        ),
      );
      await repo.insertSeriesCheckin(
        {
          tenant: series.tenant,
          userId: input.user.id,
          matchSeriesId: series.id,
          rosterId: ownRoster.id,
          createdAt: now,
        },
        tx,
      );
      if (tags) {
        await repo.saveSelectedPlayers(ownRoster, tags, now, tx);
        await repo.setCompetitorPlayers(own.competitorId, tags, tx);
      } else if (own.playerTags.length === 0) {
        // Elsewhere the request's tags are ignored: the line-up is the one chosen at segment check-in.
        const selected = await repo.selectedPlayersOf(ownRoster.id, tx);
        if (selected?.length) await repo.setCompetitorPlayers(own.competitorId, selected, tx);
      }
      const notice = {
        matchSeriesId: series.id,
        type: 'check_in' as const,
        params: { team: ownRoster.name },
      };
      return postSystemNotice(deps.matchRoomNotices, notice, tx);
    });
    told();
    checkedIn.add(ownRoster.id);
  }

  const bothIn = rosterSides.every((r) => checkedIn.has(r.id));
  return {
    matchSeriesId: series.id,
    link: bothIn || game.kind === 'official' ? await warLink(deps, series.id, input.user) : null,
    alreadyCheckedIn: decision.kind === 'alreadyCheckedIn',
  };
}

/** The war's deep link through POST /create-war's creation; null when the game gives none. */
async function warLink(
  deps: MatchCheckInDeps,
  matchSeriesId: string,
  user: { id: string; permissions: string[] },
): Promise<string | null> {
  try {
    return (await deps.createWar(matchSeriesId, user)).link;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'WAR_NOT_AVAILABLE') return null;
    throw error;
  }
}
