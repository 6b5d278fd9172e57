import type { LineupPlayer, MatchSeriesDetail, WarAttack } from '@cwh/contract';
import type { GameAdapter } from '../../../game/index.js';
import type { CompetitorRow, MatchSeriesRow } from '../ladder-repository.js';
import type { createLadderRosterRepository, SegmentRow } from '../ladder-roster-repository.js';

type Stage = NonNullable<MatchSeriesDetail['stage']>;
type RosterReads = Pick<ReturnType<typeof createLadderRosterRepository>, 'membersOfRosters'>;
type Member = Awaited<ReturnType<RosterReads['membersOfRosters']>>[number];

/**
 * A side's line-up: the players the war was created with (match_series_competitors.player_tags, in
 * attack order); before that, the roster's current members. Names and town hall levels come from the
 * roster's members as they were selected; a tag the roster never had shows without them.
 */
export function lineupOf(competitor: CompetitorRow | undefined, members: readonly Member[]): LineupPlayer[] {
  if (!competitor?.rosterId) return [];
  const own = members.filter((member) => member.rosterId === competitor.rosterId);
  const byTag = new Map(own.map((member) => [member.playerTag, member]));
  const tags =
    competitor.playerTags.length > 0
      ? competitor.playerTags
      : own.filter((member) => member.removedAt == null).map((member) => member.playerTag);
  return tags.map((tag) => {
    const member = byTag.get(tag);
    return { tag, name: member?.name ?? null, townHallLevel: member?.thLevel ?? null };
  });
}

/**
 * The attacks of a series' war: the official game's are in its war report (officialWar), so only a
 * war the game created and can report (the simulated game) gives them here.
 */
async function attacksOf(series: MatchSeriesRow, game: GameAdapter | undefined): Promise<WarAttack[]> {
  if (!game?.warAttacks || series.warReport || !series.warId || series.warId.startsWith('pending:'))
    return [];
  const attacks = await game.warAttacks(series.warId);
  return attacks.map(({ side, attackerTag, defenderTag, stars, destruction, order }) => ({
    side,
    attackerTag,
    defenderTag,
    stars,
    destruction,
    order,
  }));
}

/** GET /match-series/{id}: line-ups, attacks and the stage of one series (`detail`). */
export async function seriesDetail(
  reads: RosterReads,
  game: GameAdapter | undefined,
  input: { series: MatchSeriesRow; competitors: CompetitorRow[]; segment: SegmentRow | null },
): Promise<MatchSeriesDetail> {
  const { series, segment } = input;
  const own = input.competitors.filter((c) => c.matchSeriesId === series.id);
  const rosterIds = own.flatMap((c) => (c.rosterId ? [c.rosterId] : []));
  const members = await reads.membersOfRosters(rosterIds);
  const at = (position: number) => own.find((c) => c.position === position);
  return {
    lineups: { home: lineupOf(at(0), members), away: lineupOf(at(1), members) },
    attacks: await attacksOf(series, game),
    stage: segment
      ? {
          name: segment.name,
          stageCode: segment.stageCode as Stage['stageCode'],
          eliminationType: segment.eliminationType as Stage['eliminationType'],
        }
      : null,
  };
}
