import { type LadderResult, ladderResultDeltas, warPlacements } from '@cwh/domain';
import type { Executor } from '../../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../../db/unit-of-work.js';
import { NO_MATCH_ROOM, systemNoticeUpdates } from '../../../realtime/match-room-notices.js';
import { syncSeriesStatistics } from '../../statistics/statistics-sync.js';
import type { LadderContext } from '../ladder-context.js';
import { type Notice, notice } from '../ladder-notices.js';
import type { MatchSeriesRow } from '../ladder-repository.js';
import type { FinishedCompetitor } from './ladder-series-repository.js';
import type { StageSeriesOutcome, StageSeriesResultHook, WarOutcome } from './stage-series-hook.js';

export type { StageSeriesOutcome, StageSeriesResultHook, WarOutcome };

/** Rosters per recalculation batch: one short transaction each, so results keep flowing. */
export const RECALCULATION_BATCH = 2_000;

type CompetitorLike = {
  rosterId: string | null;
  placement: number | null;
  score: number | null;
  forfeit: boolean;
};

/** The domain's view of a finished series (winner = the side placed 1, equal placements draw). */
export function ladderResultOf(home: CompetitorLike, away: CompetitorLike): LadderResult | null {
  if (!home.rosterId || !away.rosterId) return null;
  if (home.placement === 2 && away.placement === 2) {
    // A double forfeit: nobody won, both lose.
    return {
      homeRosterId: home.rosterId,
      awayRosterId: away.rosterId,
      winnerRosterId: null,
      homeStars: 0,
      awayStars: 0,
      forfeit: true,
      bothLost: true,
    };
  }
  const draw = home.placement === away.placement;
  return {
    homeRosterId: home.rosterId,
    awayRosterId: away.rosterId,
    winnerRosterId: draw ? null : home.placement === 1 ? home.rosterId : away.rosterId,
    homeStars: home.score ?? 0,
    awayStars: away.score ?? 0,
    forfeit: home.forfeit || away.forfeit,
  };
}

/**
 * What the war reported, as competitor columns: stars, destruction, placement 1 winner / 2 loser,
 * a draw places both 1, a double forfeit places both 2 (the domain's `warPlacements`).
 */
function competitorUpdates(result: WarOutcome) {
  const placed = warPlacements({
    homeStars: result.stars.home,
    awayStars: result.stars.away,
    homeDestruction: result.destruction?.home,
    awayDestruction: result.destruction?.away,
    forfeit: result.forfeit,
  });
  // Destruction is stored with the stars (null when the war gave none): the swiss tiebreak reads it.
  const side = (s: 'home' | 'away') => ({
    score: result.stars[s],
    destruction: result.destruction?.[s] ?? null,
    ...placed[s],
  });
  return { home: side('home'), away: side('away') };
}

/**
 * Results and standings: a war result finishes its series and adds its deltas to the two rosters
 * it touches (incremental standings); the full recalculation rebuilds a segment in batches.
 */
export function createSeriesResultsService(
  context: LadderContext,
  stageResult: StageSeriesResultHook = async () => null,
) {
  const { deps, repo, commit } = context;
  const { now } = deps;
  const running = new Map<string, Promise<number>>();

  /**
   * The stage's answer for a stage series (swiss, bracket), null for a ladder series. A series made
   * from a match-up is the ladder's (a stage makes its series without one), so the stage is not
   * asked: one round trip less per ladder result (issue #11).
   */
  const stageResultOf = (series: MatchSeriesRow, result: WarOutcome, tx: Executor) =>
    series.matchUpId ? null : stageResult(series, result, tx);

  /**
   * Recomputes every roster of the segment from its finished series, RECALCULATION_BATCH rosters per
   * transaction. Each batch holds the segment's standings lock exclusively, so a result is either
   * fully seen by the batch of its rosters or applied on top of it afterwards.
   */
  async function recalculateInBatches(segmentId: string): Promise<number> {
    let after: string | null = null;
    let total = 0;
    for (;;) {
      const done: { hi: string | null; rows: number } = await runInUnitOfWork(
        deps,
        SYSTEM_ACTOR,
        async (tx) => {
          await repo.lockStandings(segmentId, tx, 'exclusive');
          const hi = await repo.nextRecalculationBound(segmentId, after, RECALCULATION_BATCH, tx);
          if (!hi) return { hi: null, rows: 0 };
          return { hi, rows: await repo.recalculateBatch(segmentId, after, hi, now(), tx) };
        },
      );
      if (!done.hi) return total;
      deps.onStandingsChanged?.();
      total += done.rows;
      after = done.hi;
    }
  }

  /** One recalculation per segment at a time: a second request joins the running one. */
  function recalculateSegment(segmentId: string): Promise<number> {
    const current = running.get(segmentId);
    if (current) return current;
    const started = recalculateInBatches(segmentId).finally(() => running.delete(segmentId));
    running.set(segmentId, started);
    return started;
  }

  /** Corrects the result of a finished series: its old deltas are taken back, the new ones added. */
  async function correctSeries(result: WarOutcome): Promise<MatchSeriesRow | null> {
    const series = await commit((tx) => correctSeriesIn(result, tx));
    deps.onStandingsChanged?.();
    return series;
  }

  /**
   * `correctSeries` inside a transaction the caller owns (the organizer's results call, audited).
   * A stage series is corrected by its stage (the hook), never with ladder deltas.
   */
  async function correctSeriesIn(result: WarOutcome, tx: Executor): Promise<MatchSeriesRow | null> {
    const series = await repo.findSeries(result.matchSeriesId, tx, true);
    if (series?.state !== 'finished') return series;
    const staged = await stageResultOf(series, result, tx);
    if (staged) return staged.series;
    const competitors = await repo.competitorsOf([series.id], tx);
    const home = competitors.find((c) => c.position === 0);
    const away = competitors.find((c) => c.position === 1);
    if (!home || !away) return series;
    const updates = competitorUpdates(result);
    await repo.updateCompetitor(home.id, updates.home, tx);
    await repo.updateCompetitor(away.id, updates.away, tx);
    const before = ladderResultOf(home, away);
    const after = ladderResultOf({ ...home, ...updates.home }, { ...away, ...updates.away });
    await repo.applyDeltas(
      series.segmentId,
      [...(before ? ladderResultDeltas(before, -1) : []), ...(after ? ladderResultDeltas(after) : [])],
      now(),
      tx,
    );
    await syncSeriesStatistics([series.id], tx);
    return series;
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
    const series = await commit((tx, notices) => finishSeriesIn(result, tx, notices));
    deps.onStandingsChanged?.();
    return series;
  }

  /** `finishSeries` inside a transaction the caller owns (a team withdrawal forfeits its series). */
  async function finishSeriesIn(
    result: WarOutcome,
    tx: Executor,
    notices: Notice[],
  ): Promise<MatchSeriesRow | null> {
    const series = await repo.findSeries(result.matchSeriesId, tx, true);
    if (!series || series.state === 'finished') return series;
    // A stage series moves its stage (bracket, swiss history), never the ladder standings.
    const staged = await stageResultOf(series, result, tx);
    if (staged) {
      if (!staged.finished) return staged.series;
      await repo.completeEntriesOfSeries(series.id, tx);
      await pushFinishedNotices(staged.series, tx, notices);
      return staged.series;
    }
    // One statement finishes the series, writes both sides, completes the queue entries and answers
    // the sides with their captains; one more adds the standings deltas.
    const at = now();
    const updates = competitorUpdates(result);
    const competitors = await repo.finishSeriesWithResult(series.id, at, [updates.home, updates.away], tx);
    if (!competitors) return series;
    const finished: MatchSeriesRow = { ...series, state: 'finished', finishedAt: at };
    const home = competitors.find((c) => c.position === 0);
    const away = competitors.find((c) => c.position === 1);
    const ladderResult = home && away ? ladderResultOf(home, away) : null;
    if (ladderResult) await repo.applyDeltas(series.segmentId, ladderResultDeltas(ladderResult), at, tx);
    await syncSeriesStatistics([series.id], tx);
    await tellFinished(finished, competitors, tx, notices);
    return finished;
  }

  /** `tellFinished` for a series whose sides and captains are not known yet (a stage series). */
  async function pushFinishedNotices(series: MatchSeriesRow, tx: Executor, notices: Notice[]) {
    const competitors = await repo.competitorsOf([series.id], tx);
    const owners = new Map(
      (
        await repo.rostersByIds(
          competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])),
          tx,
        )
      ).map((r) => [r.id, r.ownerId]),
    );
    const told = competitors.map((c) => ({
      ...c,
      ownerId: c.rosterId ? (owners.get(c.rosterId) ?? null) : null,
    }));
    await tellFinished(series, told, tx, notices);
  }

  /**
   * Tells the captains of both sides that the series finished, and its room the score (sent after
   * the commit).
   */
  async function tellFinished(
    series: MatchSeriesRow,
    competitors: readonly Pick<FinishedCompetitor, 'position' | 'rosterId' | 'ownerId' | 'score'>[],
    tx: Executor,
    notices: Notice[],
  ) {
    const score = (position: number) => competitors.find((c) => c.position === position)?.score ?? null;
    for (const c of competitors) {
      if (!c.rosterId) continue;
      // The captain's notice log tells the score from their side: own stars, then the opponent's.
      const params = { stars: c.score ?? null, opponentStars: score(c.position === 0 ? 1 : 0) };
      notices.push(
        notice(
          series.tenant,
          c.ownerId,
          'matches:match_series_finished',
          { matchSeries: { id: series.id } },
          { params },
        ),
      );
    }
    const result = { homeStars: score(0), awayStars: score(1) };
    const told = { matchSeriesId: series.id, type: 'result_recorded' as const, params: result };
    notices.push(...(await systemNoticeUpdates(deps.matchRoomNotices ?? NO_MATCH_ROOM, told, tx)));
  }

  return { finishSeries, finishSeriesIn, correctSeries, correctSeriesIn, recalculateSegment };
}
