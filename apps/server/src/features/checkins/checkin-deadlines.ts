import { MATCH_CHECK_IN_MISSED_EVENT } from '@cwh/contract';
import { type DeadlineOutcome, deadlineOutcome } from '@cwh/domain';
import { inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { matchSeries } from '../../db/schema/ladder.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { type Notice, type Notify, notice } from '../ladder/ladder-notices.js';
import type { CheckinRosterRow, CheckinSeriesRow, CheckinsRepository } from './checkins-repository.js';

declare module '../../jobs/job-queue.js' {
  interface JobPayloads {
    /** At the match time: both sides checked in → the series goes live. */
    'checkins.match-start': { matchSeriesId: string };
    /** At the match time: a side that did not check in forfeits (both: a double forfeit). */
    'checkins.no-show': { matchSeriesId: string };
  }
}

export const MATCH_START_JOB = 'checkins.match-start';
export const NO_SHOW_JOB = 'checkins.no-show';
export const DEADLINE_JOBS = [MATCH_START_JOB, NO_SHOW_JOB] as const;
type DeadlineJob = (typeof DEADLINE_JOBS)[number];

/**
 * A deadline job's singleton key: the series AND its date. A series moved to another date gets jobs
 * for that date (the jobs of the old date stay and, when they run, find it decided or send themselves
 * again for the new date, which is then a no-op); `short` keeps one waiting job per key.
 */
export const deadlineKey = (matchSeriesId: string, date: Date) => `${matchSeriesId}@${date.toISOString()}`;

export type DeadlineRun =
  | { job: DeadlineJob; matchSeriesId: string; kind: 'again'; delayMs: number; date: Date }
  | { job: DeadlineJob; matchSeriesId: string; kind: 'live' }
  | { job: DeadlineJob; matchSeriesId: string; kind: 'forfeit'; forfeit: 'home' | 'away' | 'both' }
  | { job: DeadlineJob; matchSeriesId: string; kind: 'skipped'; why: string };

export interface CheckinDeadlinesDeps {
  db: Db;
  repo: CheckinsRepository;
  jobs: JobQueue;
  /** The ladder's idempotent result call (finishes the series once; brackets move on from it). */
  finishSeries: (result: {
    matchSeriesId: string;
    stars: { home: number; away: number };
    forfeit: 'home' | 'away' | 'both';
  }) => Promise<unknown>;
  notify: Notify;
  now: () => Date;
}

const NOT_STARTED = new Set(['new', 'scheduled', 'upcoming']);

/**
 * The durable deadlines of a stage match series (docs/jobs.md): two pg-boss jobs sent in the
 * transaction that creates the series, due at its date. Both re-read everything when they run, so
 * they are idempotent and follow a rescheduled date (an organizer's new date sends jobs for it, and
 * a job that runs early sends itself again):
 * - `checkins.match-start`: both sides checked in → `live` (conditional UPDATE: once);
 * - `checkins.no-show`: a side missing → finishSeries with its forfeit (finishing is conditional on
 *   the series being open: once), then the missed-check-in notice to both captains.
 * Their queues are `short`: one waiting job per series and date (`deadlineKey`), so scheduling twice
 * sends once.
 */
export function createCheckinDeadlines(deps: CheckinDeadlinesDeps) {
  const { repo, jobs } = deps;
  /** This instance's recent runs, newest last (observability and the kill test). */
  const runs: DeadlineRun[] = [];

  const schedule = (series: readonly { id: string; date: Date }[], tx: Executor) =>
    sendDeadlineJobs(deps, series, tx);

  /**
   * At server start (after the job queue started): deadline jobs for every upcoming stage series,
   * including those created while no app ran on the database (the demo seed builds its stages
   * before the server starts). One query, one batch insert; the singleton keys make a series that
   * already has its waiting jobs a no-op, so every start may send again. Answers the series count.
   */
  async function scheduleUpcoming(): Promise<number> {
    const now = deps.now();
    const series = await repo.upcomingStageSeries(now);
    await jobs.sendMany(
      series.flatMap((s) =>
        DEADLINE_JOBS.map((name) => ({
          name,
          payload: { matchSeriesId: s.id },
          delaySeconds: Math.max(0, s.date.getTime() - now.getTime()) / 1000,
          singletonKey: deadlineKey(s.id, s.date),
        })),
      ),
    );
    return series.length;
  }

  type AtDeadline =
    | { run: DeadlineRun }
    | {
        series: CheckinSeriesRow;
        home: CheckinRosterRow;
        away: CheckinRosterRow;
        outcome: DeadlineOutcome;
        now: Date;
      };

  /** Loads the series at its deadline; a reason to skip, or what the check-ins say. */
  async function atDeadline(job: DeadlineJob, matchSeriesId: string): Promise<AtDeadline> {
    const skip = (why: string): DeadlineRun => ({ job, matchSeriesId, kind: 'skipped', why });
    const series = await repo.findSeries(matchSeriesId);
    if (!series) return { run: skip('unknown series') };
    if (series.bye) return { run: skip('bye') };
    if (!NOT_STARTED.has(series.state)) return { run: skip(`series ${series.state}`) };
    // A double forfeit in double elimination stays open for the organizer: decided already.
    if (series.reviewReason) return { run: skip('flagged for the organizer') };
    const now = deps.now();
    if (now < series.date) {
      const run: DeadlineRun = {
        job,
        matchSeriesId,
        kind: 'again',
        delayMs: series.date.getTime() - now.getTime(),
        date: series.date,
      };
      return { run };
    }
    const sides = await repo.sidesOf(series.id);
    const home = sides.find((s) => s.position === 0)?.roster;
    const away = sides.find((s) => s.position === 1)?.roster;
    // A bracket node whose teams are not known at its date: nothing to decide (the organizer reschedules).
    if (!home || !away) return { run: skip('teams not known') };
    const inIds = await repo.checkedInRosterIds(series.id, [home, away]);
    const outcome = deadlineOutcome({ home: inIds.has(home.id), away: inIds.has(away.id) });
    return { series, home, away, outcome, now };
  }

  async function startMatch(matchSeriesId: string): Promise<DeadlineRun> {
    const loaded = await atDeadline(MATCH_START_JOB, matchSeriesId);
    if ('run' in loaded) return loaded.run;
    if (loaded.outcome.kind !== 'live') {
      return { job: MATCH_START_JOB, matchSeriesId, kind: 'skipped', why: 'a side missed its check-in' };
    }
    const live = await repo.markLive(matchSeriesId, loaded.now);
    return live
      ? { job: MATCH_START_JOB, matchSeriesId, kind: 'live' }
      : { job: MATCH_START_JOB, matchSeriesId, kind: 'skipped', why: 'already started' };
  }

  async function noShow(matchSeriesId: string): Promise<DeadlineRun> {
    const loaded = await atDeadline(NO_SHOW_JOB, matchSeriesId);
    if ('run' in loaded) return loaded.run;
    const { outcome, series, home, away } = loaded;
    if (outcome.kind !== 'forfeit') {
      return { job: NO_SHOW_JOB, matchSeriesId, kind: 'skipped', why: 'both sides checked in' };
    }
    await deps.finishSeries({ matchSeriesId, stars: { home: 0, away: 0 }, forfeit: outcome.forfeit });
    // Spec 8: the team that missed gets the notice for its own team, its opponent for the opponent.
    const notices: Notice[] = [];
    for (const missed of outcome.missed) {
      const [team, opponent] = missed === 'home' ? [home, away] : [away, home];
      const data = (own: boolean) => ({
        matchSeries: { id: series.id },
        roster: { id: team.id },
        own,
        forfeit: outcome.forfeit,
      });
      notices.push(notice(series.tenant, team.ownerId, MATCH_CHECK_IN_MISSED_EVENT, data(true)));
      notices.push(notice(series.tenant, opponent.ownerId, MATCH_CHECK_IN_MISSED_EVENT, data(false)));
    }
    deps.notify(notices);
    return { job: NO_SHOW_JOB, matchSeriesId, kind: 'forfeit', forfeit: outcome.forfeit };
  }

  /** A job handler: one decision; a job that ran before the date sends itself again for the date. */
  async function run(job: DeadlineJob, payload: { matchSeriesId: string }): Promise<DeadlineRun> {
    const outcome =
      job === MATCH_START_JOB ? await startMatch(payload.matchSeriesId) : await noShow(payload.matchSeriesId);
    if (outcome.kind === 'again') {
      await jobs.send(job, payload, {
        delaySeconds: outcome.delayMs / 1000,
        singletonKey: deadlineKey(payload.matchSeriesId, outcome.date),
      });
    }
    runs.push(outcome);
    if (runs.length > 200) runs.shift();
    return outcome;
  }

  return { schedule, scheduleUpcoming, startMatch, noShow, run, runs };
}
export type CheckinDeadlines = ReturnType<typeof createCheckinDeadlines>;

/** Sends both deadline jobs of each series in `tx`, due at its date (one waiting job per series and date). */
async function sendDeadlineJobs(
  deps: { jobs: JobQueue; now: () => Date },
  series: readonly { id: string; date: Date }[],
  tx: Executor,
): Promise<void> {
  const at = deps.now().getTime();
  for (const s of series) {
    const delaySeconds = Math.max(0, s.date.getTime() - at) / 1000;
    for (const job of DEADLINE_JOBS) {
      await deps.jobs.send(
        job,
        { matchSeriesId: s.id },
        { tx, delaySeconds, singletonKey: deadlineKey(s.id, s.date) },
      );
    }
  }
}

/**
 * Sends the check-in deadline jobs of new or moved stage series, in the transaction that creates or
 * moves them (brackets: a new stage, a new swiss round; the organizer's new date): the jobs exist
 * only if it commits. Series that are already finished (byes) get none.
 */
export type ScheduleDeadlines = (seriesIds: readonly string[], tx: Executor) => Promise<void>;

/** The app's `ScheduleDeadlines`, handed at composition (app.ts) to the features that create series. */
export function createDeadlineScheduler(deps: { jobs: JobQueue; now: () => Date }): ScheduleDeadlines {
  return async (seriesIds, tx) => {
    if (seriesIds.length === 0) return;
    const rows = await tx
      .select({ id: matchSeries.id, date: matchSeries.date, state: matchSeries.state, bye: matchSeries.bye })
      .from(matchSeries)
      .where(inArray(matchSeries.id, [...seriesIds]));
    await sendDeadlineJobs(
      deps,
      rows.filter((r) => !r.bye && NOT_STARTED.has(r.state)),
      tx,
    );
  };
}
