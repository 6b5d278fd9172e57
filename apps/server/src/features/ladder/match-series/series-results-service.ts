import { type LadderResult, rankLadder } from '@cwh/domain';
import type { Executor } from '../../../db/client.js';
import type { LadderContext } from '../ladder-context.js';
import { notice } from '../ladder-notices.js';
import type { MatchSeriesRow } from '../ladder-repository.js';

export type WarOutcome = {
  matchSeriesId: string;
  stars: { home: number; away: number };
  destruction?: { home: number; away: number } | undefined;
  forfeit?: 'home' | 'away' | undefined;
};

/** Results and standings: a war result finishes its series, then the segment's standings are recalculated. */
export function createSeriesResultsService(context: LadderContext) {
  const { deps, repo, commit } = context;
  const { db, now } = deps;

  async function recalculate(segmentId: string, tx: Executor): Promise<number> {
    await repo.lockStandings(segmentId, tx);
    const competitors = await repo.finishedSeriesOfSegment(segmentId, tx);
    const bySeries = new Map<string, typeof competitors>();
    for (const c of competitors) bySeries.set(c.matchSeriesId, [...(bySeries.get(c.matchSeriesId) ?? []), c]);
    const results: LadderResult[] = [];
    for (const [, pair] of bySeries) {
      const home = pair.find((c) => c.position === 0);
      const away = pair.find((c) => c.position === 1);
      if (!home?.rosterId || !away?.rosterId) continue;
      const draw = home.placement === away.placement;
      results.push({
        homeRosterId: home.rosterId,
        awayRosterId: away.rosterId,
        winnerRosterId: draw ? null : home.placement === 1 ? home.rosterId : away.rosterId,
        homeStars: home.score ?? 0,
        awayStars: away.score ?? 0,
        forfeit: home.forfeit || away.forfeit,
      });
    }
    const entries = rankLadder(results, await repo.queuedRosterIds(segmentId, tx));
    const at = now();
    await repo.replaceStandings(
      segmentId,
      entries.map((e, index) => ({
        segmentId,
        rosterId: e.rosterId,
        rank: e.rank,
        placement: index + 1,
        points: e.points,
        wins: e.wins,
        losses: e.losses,
        draws: e.draws,
        gamesPlayed: e.gamesPlayed,
        starsFor: e.starsFor,
        starsAgainst: e.starsAgainst,
        record: e.record,
        updatedAt: at,
      })),
      tx,
    );
    return entries.length;
  }

  /**
   * A war result finishes its series once (idempotent): stars per competitor, placement 1 winner /
   * 2 loser (a draw places both 1), forfeit flag on the side that forfeited, then the standings.
   * Results are delivered at least once (the game redelivers what was not recorded): a result for
   * an unknown or already finished series changes nothing, sends nothing, and succeeds, so the
   * delivery counts as done. The series row is locked, and finishing it is conditional on it not
   * being finished (repository), before anything else is written.
   */
  async function finishSeries(result: WarOutcome): Promise<MatchSeriesRow | null> {
    return commit(async (tx, notices) => {
      const series = await repo.findSeries(result.matchSeriesId, tx, true);
      if (!series || series.state === 'finished') return series;
      const at = now();
      const finished = await repo.finishOpenSeries(series.id, at, tx);
      if (!finished) return series;
      const competitors = await repo.competitorsOf([series.id], tx);
      const home = competitors.find((c) => c.position === 0);
      const away = competitors.find((c) => c.position === 1);
      let winner: 'home' | 'away' | 'draw';
      if (result.forfeit) winner = result.forfeit === 'home' ? 'away' : 'home';
      else if (result.stars.home !== result.stars.away)
        winner = result.stars.home > result.stars.away ? 'home' : 'away';
      else if (result.destruction && result.destruction.home !== result.destruction.away)
        winner = result.destruction.home > result.destruction.away ? 'home' : 'away';
      else winner = 'draw';
      for (const [competitor, side] of [
        [home, 'home'],
        [away, 'away'],
      ] as const) {
        if (!competitor) continue;
        await repo.updateCompetitor(
          competitor.id,
          {
            score: result.stars[side],
            forfeit: result.forfeit === side,
            placement: winner === 'draw' || winner === side ? 1 : 2,
          },
          tx,
        );
      }
      await repo.completeEntriesOfSeries(series.id, tx);
      await recalculate(series.segmentId, tx);
      const owners = await repo.rostersByIds(
        competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])),
        tx,
      );
      for (const roster of owners) {
        notices.push(
          notice(series.tenant, roster.ownerId, 'matches:match_series_finished', {
            matchSeries: { id: series.id },
          }),
        );
      }
      return finished;
    });
  }

  return {
    finishSeries,
    recalculateSegment: (segmentId: string) => db.transaction((tx) => recalculate(segmentId, tx)),
  };
}
