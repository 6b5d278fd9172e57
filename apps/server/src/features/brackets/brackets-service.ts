import type { CreateBracketBody } from '@cwh/contract';
import {
  createDoubleElimination,
  DEFAULT_SWISS_TIEBREAKS,
  defaultSwissRounds,
  pairSwissRound,
  resolveDoubleElimination,
  type SwissConfig,
  type SwissTiebreak,
} from '@cwh/domain';
import type { Db, Executor, Tx } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { type MatchRoomNoticePoster, NO_MATCH_ROOM } from '../../realtime/match-room-notices.js';
import { announceStageStarted } from '../announcements/announcement-hooks.js';
import {
  type BracketsRepository,
  createBracketsRepository,
  type StageRow,
  type StageSegmentRow,
} from './brackets-repository.js';
import { createStageEntrants, DEFAULT_STAGE_SIZE } from './stage-entrants.js';
import {
  bracketSeries,
  conflict,
  SWISS_ROUND_LEAD_MINUTES,
  swissHistory,
  swissRoundSeries,
  toDomainError,
} from './stage-series.js';

/**
 * What the capabilities built on the brackets do in the transaction that creates or moves stage
 * series, handed at composition (app.ts), so the brackets never import them.
 */
export interface StageSeriesEffects {
  /** Check-ins: the series' deadline jobs (`createDeadlineScheduler`). */
  scheduleDeadlines: (seriesIds: readonly string[], tx: Executor) => Promise<void>;
  /** Match room: the series' pick and ban (`createChallengeOpener`); answers the after-commit notices. */
  openChallenges: (seriesIds: readonly string[], tx: Executor) => Promise<() => void>;
  /** Announcements: the job queue that sends the announcements queued with a change. */
  announcementJobs: JobQueue | null;
  /** Match room: the system notices of a series' chat (a result recorded). */
  matchRoomNotices: MatchRoomNoticePoster;
}

/**
 * No app runs on the database (the demo seed builds its stages before the app starts): nothing is
 * scheduled, opened, sent or posted here; the app's start schedules the deadlines of upcoming series
 * (`scheduleUpcoming`), opens their pick and ban (`openAwaitingChallenges`) and sends the delivery
 * jobs of the announcements that wait.
 */
export const WITHOUT_APP: StageSeriesEffects = {
  scheduleDeadlines: async () => {},
  openChallenges: async () => () => {},
  announcementJobs: null,
  matchRoomNotices: NO_MATCH_ROOM,
};

export interface BracketsDeps extends StageSeriesEffects {
  db: Db;
  repo: BracketsRepository;
  now: () => Date;
}

export function createBracketsDeps(db: Db, now: () => Date, effects: StageSeriesEffects): BracketsDeps {
  return { db, repo: createBracketsRepository(db), now, ...effects };
}

/**
 * In the transaction that creates stage series: their check-in deadlines and their pick and ban
 * (match-room); the pick-and-ban notices go into `after`, to send once the transaction committed.
 */
async function seriesCreated(deps: BracketsDeps, ids: readonly string[], tx: Tx, after: (() => void)[]) {
  await deps.scheduleDeadlines(ids, tx);
  after.push(await deps.openChallenges(ids, tx));
}

const invalid = (pointer: string, detail: string) =>
  new DomainError('VALIDATION_FAILED', detail, { source: { pointer: `/data/attributes/${pointer}` } });

function formatOf(segment: StageSegmentRow, body: CreateBracketBody['data']['attributes']) {
  const format = body.format ?? segment.eliminationType;
  if (format !== 'swiss' && format !== 'double_elimination') {
    throw conflict('NOT_A_BRACKET_SEGMENT', 'A ladder segment has no bracket');
  }
  if (body.format && segment.eliminationType !== 'ladder' && body.format !== segment.eliminationType) {
    throw invalid('format', `This segment is ${segment.eliminationType}`);
  }
  return format;
}

function swissConfigOf(body: CreateBracketBody['data']['attributes'], teams: number): SwissConfig {
  const tiebreaks = (body.tiebreaks ?? DEFAULT_SWISS_TIEBREAKS) as SwissTiebreak[];
  if (body.rounds !== undefined && (body.wins !== undefined || body.losses !== undefined)) {
    throw invalid('rounds', 'Give either a number of rounds or early-exit wins and losses, not both');
  }
  if (body.wins !== undefined || body.losses !== undefined) {
    return { format: { mode: 'early_exit', wins: body.wins ?? 3, losses: body.losses ?? 3 }, tiebreaks };
  }
  return {
    format: { mode: 'fixed', rounds: body.rounds ?? defaultSwissRounds(teams) },
    tiebreaks,
  };
}

/** Seed order: the organizer's list, or locked rosters by previous-stage placement. */
async function seedTeams(
  deps: BracketsDeps,
  segment: StageSegmentRow,
  body: CreateBracketBody['data']['attributes'],
  format: 'swiss' | 'double_elimination',
) {
  if (body.rosterIds) {
    if (new Set(body.rosterIds).size !== body.rosterIds.length)
      throw invalid('rosterIds', 'A roster is listed twice');
    const eligible = new Set((await deps.repo.seedingRosters(segment)).map((r) => r.id));
    const stranger = body.rosterIds.find((id) => !eligible.has(id));
    if (stranger) throw invalid('rosterIds', `Roster ${stranger} is not a locked roster of this stage`);
    return body.rosterIds.map((rosterId, index) => ({ rosterId, seed: index + 1 }));
  }
  // Rosters that advanced into this segment keep the order their previous stage gave them.
  const entrants = await createStageEntrants(deps.db)(
    { ...segment, eliminationType: format },
    body.size ?? DEFAULT_STAGE_SIZE[format],
  );
  return entrants.map((e, index) => ({ rosterId: e.rosterId, seed: index + 1 }));
}

/** POST /segments/{id}/bracket: creates and seeds the stage, with its first round or whole bracket. */
export async function createStage(
  deps: BracketsDeps,
  input: { tenant: string; segmentId: string; userId: string; body: CreateBracketBody['data']['attributes'] },
): Promise<StageRow> {
  const segment = await deps.repo.getSegment(input.tenant, input.segmentId);
  const format = formatOf(segment, input.body);
  if (await deps.repo.stageOfSegment(segment.id))
    throw conflict('BRACKET_EXISTS', 'This segment already has a bracket');
  const teams = await seedTeams(deps, segment, input.body, format);
  if (teams.length < 2) throw conflict('NOT_ENOUGH_ROSTERS', 'A bracket needs at least two locked rosters');
  const now = deps.now();
  const startsAt = input.body.startsAt
    ? new Date(input.body.startsAt)
    : new Date(Math.max(now.getTime(), segment.dateFrom.getTime()));
  try {
    // The engines run before the transaction: a refusal leaves nothing behind.
    const swissConfig = format === 'swiss' ? swissConfigOf(input.body, teams.length) : null;
    const bracket = format === 'double_elimination' ? createDoubleElimination(teams) : null;
    const firstRound = swissConfig
      ? pairSwissRound({
          segmentId: segment.id,
          roundNumber: 1,
          config: swissConfig,
          teams,
          results: [],
          byes: [],
        })
      : null;
    const after: (() => void)[] = [];
    const created = await runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
      const stage = await deps.repo.insertStage(
        {
          tenant: input.tenant,
          eventId: segment.eventId,
          segmentId: segment.id,
          format,
          teams,
          swissConfig,
          bracket,
          bracketResults: [],
          startsAt,
          createdBy: input.userId,
          createdAt: now,
        },
        tx,
      );
      if (firstRound && swissConfig) {
        const roundInput = {
          segmentId: segment.id,
          roundNumber: 1,
          config: swissConfig,
          teams,
          results: [],
          byes: [],
        };
        await deps.repo.insertRound(
          { stageId: stage.id, roundNumber: 1, input: roundInput, output: firstRound, createdAt: now },
          tx,
        );
        const ids = await deps.repo.insertSeries(stage, swissRoundSeries(firstRound, startsAt), now, tx);
        await seriesCreated(deps, ids, tx, after);
      }
      if (bracket) {
        const ids = await deps.repo.insertSeries(
          stage,
          bracketSeries(bracket, resolveDoubleElimination(bracket, []), startsAt),
          now,
          tx,
        );
        await seriesCreated(deps, ids, tx, after);
      }
      // The stage starts: its announcement to the event's chat, queued with the stage.
      await announceStageStarted(deps, tx, {
        eventId: segment.eventId,
        segmentId: segment.id,
        teams: teams.length,
        at: now,
      });
      return stage;
    });
    for (const step of after) step();
    return created;
  } catch (error) {
    throw toDomainError(error);
  }
}

/** The segment (within the tenant) and its swiss stage; refuses a segment without one. */
async function swissStageOf(deps: BracketsDeps, input: { tenant: string; segmentId: string }) {
  const segment = await deps.repo.getSegment(input.tenant, input.segmentId);
  const stage = await deps.repo.stageOfSegment(segment.id);
  if (!stage) throw new DomainError('NOT_FOUND', 'This segment has no bracket yet');
  if (stage.format !== 'swiss' || !stage.swissConfig)
    throw conflict('NOT_SWISS', 'Only a swiss stage has rounds');
  return { segment, stage };
}

/** POST /segments/{id}/bracket/rounds: pairs and schedules the next swiss round. */
export async function startNextRound(deps: BracketsDeps, input: { tenant: string; segmentId: string }) {
  const { segment, stage: found } = await swissStageOf(deps, input);
  const now = deps.now();
  try {
    const after: (() => void)[] = [];
    const started = await runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
      const stage = await deps.repo.lockStage(found.id, tx);
      const rounds = await deps.repo.rounds(stage.id, tx);
      const rows = await deps.repo.allStageSeries(stage.id, tx);
      if (rows.some((row) => row.series.state !== 'finished')) {
        throw conflict('ROUND_NOT_FINISHED', 'Every match of the current round must be finished first');
      }
      const competitors = await deps.repo.competitorsOf(
        rows.map((row) => row.series.id),
        tx,
      );
      const { results, byes } = swissHistory(rows, competitors);
      const roundNumber = rounds.length + 1;
      // A withdrawn or disqualified team keeps its games but is paired no more.
      const dropped = (
        await deps.repo.rostersByIds(
          stage.teams.map((t) => t.rosterId),
          tx,
        )
      )
        .filter((roster) => roster.withdrawnAt !== null)
        .map((roster) => roster.id)
        // Disqualified from this stage only (issue #31): out of its pairings too.
        .concat(await deps.repo.disqualifiedFromStage(stage.segmentId, tx));
      const roundInput = {
        segmentId: segment.id,
        roundNumber,
        config: stage.swissConfig!,
        teams: stage.teams,
        results,
        byes,
        ...(dropped.length > 0 && { dropped }),
      };
      const output = pairSwissRound(roundInput);
      const round = await deps.repo.insertRound(
        { stageId: stage.id, roundNumber, input: roundInput, output, createdAt: now },
        tx,
      );
      const date = new Date(
        Math.max(stage.startsAt.getTime(), now.getTime() + SWISS_ROUND_LEAD_MINUTES * 60_000),
      );
      const seriesIds = await deps.repo.insertSeries(stage, swissRoundSeries(output, date), now, tx);
      await seriesCreated(deps, seriesIds, tx, after);
      return { round, output, seriesIds };
    });
    for (const step of after) step();
    return started;
  } catch (error) {
    throw toDomainError(error);
  }
}

/**
 * POST /segments/{id}/bracket/rounds/reset: deletes the current swiss round while none of its
 * matches has a result (byes aside). Starting the round again pairs it identically: the engine is
 * deterministic (seeded by segment and round).
 */
export async function resetCurrentRound(deps: BracketsDeps, input: { tenant: string; segmentId: string }) {
  const { stage: found } = await swissStageOf(deps, input);
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    const stage = await deps.repo.lockStage(found.id, tx);
    const rounds = await deps.repo.rounds(stage.id, tx);
    const current = rounds.at(-1);
    if (!current) throw conflict('NO_ROUND', 'No round to reset');
    const rows = await deps.repo.allStageSeries(stage.id, tx);
    const played = rows.some(
      (row) =>
        row.link.roundNumber === current.roundNumber && !row.series.bye && row.series.state === 'finished',
    );
    if (played) throw conflict('ROUND_HAS_RESULTS', 'A match of this round already has a result');
    await deps.repo.deleteRound(stage.id, current.roundNumber, tx);
    return current.roundNumber;
  });
}
