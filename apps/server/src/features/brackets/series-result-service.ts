import type {
  MatchSeriesResultsBody,
  MatchSeriesResultsDocument,
  MatchSeriesReviewReason,
} from '@cwh/contract';
import { type WarScore, warOutcome } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { systemNoticeUpdates } from '../../realtime/match-room-notices.js';
import type { RecordActivity } from '../activity-log/audit.js';
import type { Notice } from '../ladder/ladder-notices.js';
import type { LadderService, WarOutcome } from '../ladder/ladder-service.js';
import { createStageResultsRepository } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { recordSeriesResultIn } from './stage-results-service.js';

export type OrganizerResult = MatchSeriesResultsBody['data']['attributes'];
export type OrganizerResultAnswer = MatchSeriesResultsDocument['data']['attributes'];

type StagedResult = NonNullable<Awaited<ReturnType<typeof recordSeriesResultIn>>>;
type CompetitorsBefore = Awaited<
  ReturnType<ReturnType<typeof createStageResultsRepository>['competitorsOf']>
>;

/**
 * The organizer enters or corrects the result of any series (ladder or stage) inside `tx`, with its
 * activity-log entry (`match-series.results.enter` / `.correct`, before and after). One service for
 * every caller: the results call (PATCH …/relationships/matches/results) and the dispute queue's
 * correction (features/disputes). The caller has checked the organizer's access to the series'
 * event and that the series exists in the tenant; ladder notices are pushed to `notices` (send them
 * after the commit).
 */
export async function enterOrganizerResult(
  deps: BracketsDeps,
  ladder: LadderService,
  input: { tenant: string; matchSeriesId: string; result: OrganizerResult },
  tx: Executor,
  record: RecordActivity,
  notices: Notice[],
): Promise<OrganizerResultAnswer> {
  const results = createStageResultsRepository(deps.db);
  const id = input.matchSeriesId;
  const body = input.result;
  const score = {
    homeStars: body.homeStars,
    awayStars: body.awayStars,
    homeDestruction: body.homeDestruction,
    awayDestruction: body.awayDestruction,
    forfeit: body.forfeit,
  };
  const series = await results.seriesInTenant(input.tenant, id, tx, true);
  if (!series) throw new DomainError('NOT_FOUND', `No match series with id ${id}`);
  const before = { state: series.state, competitors: await results.competitorsOf(id, tx) };
  const staged = await recordSeriesResultIn(
    deps,
    { matchSeriesId: id, score, source: 'organizer', resetLater: body.resetLater === true },
    tx,
  );
  const data = staged
    ? stagedAnswer(id, staged)
    : await ladderResultIn(
        ladder,
        results,
        series,
        { id, body, score, competitors: before.competitors },
        tx,
        notices,
      );
  // The match room is told (a new ladder result already was, by the ladder's finishing).
  if (staged || data.corrected) {
    const params = { homeStars: body.homeStars, awayStars: body.awayStars };
    notices.push(
      ...(await systemNoticeUpdates(
        deps.matchRoomNotices,
        { matchSeriesId: id, type: 'result_recorded', params },
        tx,
      )),
    );
  }
  await record({
    action: data.corrected ? 'match-series.results.correct' : 'match-series.results.enter',
    targetType: 'match-series',
    targetId: id,
    eventId: series.eventId,
    before,
    after: {
      state: data.state,
      competitors: await results.competitorsOf(id, tx),
      score,
      reason: body.reason,
      changedMatchSeriesIds: data.changedMatchSeriesIds,
      ...(data.resetMatchSeriesIds?.length ? { resetMatchSeriesIds: data.resetMatchSeriesIds } : {}),
      ...(data.removedRounds?.length ? { removedRounds: data.removedRounds } : {}),
    },
  });
  return data;
}

/** The answer of a stage series' result (the stage's own result handling wrote it). */
function stagedAnswer(id: string, staged: StagedResult): OrganizerResultAnswer {
  return {
    matchSeries: { id },
    competition: staged.stage.format,
    state: staged.series.state,
    corrected: staged.corrected,
    winnerRosterId: staged.winnerRosterId,
    changedMatchSeriesIds: staged.changedMatchSeriesIds,
    championRosterId: staged.championRosterId,
    reviewReason: (staged.series.reviewReason as MatchSeriesReviewReason | null) ?? null,
    resetMatchSeriesIds: staged.resetMatchSeriesIds,
    removedRounds: staged.removedRounds,
  };
}

/** A ladder series' result, entered (finished) or corrected through the ladder. */
async function ladderResultIn(
  ladder: LadderService,
  results: ReturnType<typeof createStageResultsRepository>,
  series: { state: string },
  input: { id: string; body: OrganizerResult; score: WarScore; competitors: CompetitorsBefore },
  tx: Executor,
  notices: Notice[],
): Promise<OrganizerResultAnswer> {
  const { id, body, score, competitors } = input;
  if (competitors.length < 2 || competitors.some((c) => !c.rosterId))
    throw new DomainError('CONFLICT', 'Both teams are not known yet', {
      meta: { reason: 'BRACKET_MATCH_NOT_READY' },
    });
  const outcome: WarOutcome = {
    matchSeriesId: id,
    stars: { home: body.homeStars, away: body.awayStars },
    destruction:
      body.homeDestruction !== undefined || body.awayDestruction !== undefined
        ? { home: body.homeDestruction ?? 0, away: body.awayDestruction ?? 0 }
        : undefined,
    forfeit: body.forfeit,
  };
  const corrected = series.state === 'finished';
  if (corrected) await ladder.correctSeriesIn(outcome, tx);
  else await ladder.finishSeriesIn(outcome, tx, notices);
  await results.setSeries(id, { reviewReason: null }, tx);
  const winner = warOutcome(score);
  const after = await results.series(id, tx);
  return {
    matchSeries: { id },
    competition: 'ladder',
    state: after.state,
    corrected,
    winnerRosterId:
      winner === 'home' ? competitors[0]!.rosterId : winner === 'away' ? competitors[1]!.rosterId : null,
    changedMatchSeriesIds: [],
    championRosterId: null,
    reviewReason: null,
  };
}
