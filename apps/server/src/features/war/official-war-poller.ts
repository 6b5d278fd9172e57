import type { Executor } from '../../db/client.js';
import { isGameAdapterError } from '../../game/index.js';
import type { CurrentWarAnswer } from '../../game/official/coc-api-client.js';
import { parseApiTime } from '../../game/official/current-war-status.js';
import type { OfficialWarLog } from '../../game/official/official-schemas.js';
import {
  checkWarIsMatch,
  confirmAgainstWarLog,
  type OfficialWarReport,
  type StoredWarReport,
  warReport,
} from '../../game/official/official-war.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { LadderService } from '../ladder/ladder-service.js';
import type { WarPollConfig } from './war-config.js';
import type { WarPollRepository } from './war-poll-repository.js';

declare module '../../jobs/job-queue.js' {
  interface JobPayloads {
    /** Polls the official API for the war of one live match series until it is recorded. */
    'war.poll': { matchSeriesId: string };
  }
}

export const WAR_POLL_JOB = 'war.poll';

const NOT_IN_WAR_YET: StoredWarReport = {
  state: 'notInWar',
  stars: { home: 0, away: 0 },
  destruction: { home: 0, away: 0 },
  attacks: [],
  winner: 'draw',
  endTime: null,
  warLog: 'not_listed',
};

/** The reads the poller needs; the official client has them (the simulated game pushes results instead). */
export interface OfficialWarSource {
  getCurrentWar(clanTag: string): Promise<CurrentWarAnswer>;
  getWarLog(clanTag: string): Promise<OfficialWarLog>;
}

export type ReviewReason = 'war_log_private' | 'no_war' | 'war_not_ended' | 'no_clan';

export type PollOutcome =
  | { kind: 'again'; delayMs: number; why: string }
  | { kind: 'recorded' }
  | { kind: 'forfeit'; side: 'home' | 'away' }
  | { kind: 'flagged'; reason: ReviewReason }
  | { kind: 'done'; why: 'finished' | 'flagged' | 'unknown' };

// A war that was prepared before the match was made cannot be this match (clock skew allowed).
const PREPARED_BEFORE_MATCH_SLACK_MS = 10 * 60_000;
// A friendly war lasts at most a day of preparation and a day of battle; past that, a person decides.
const MAX_POLLING_MS = 3 * 24 * 60 * 60_000;

export interface OfficialWarPollerDeps {
  ladder: LadderService;
  source: OfficialWarSource;
  jobs: JobQueue;
  repo: WarPollRepository;
  config: WarPollConfig;
  now: () => Date;
  log?: { warn: (obj: unknown, msg?: string) => void; info?: (obj: unknown, msg?: string) => void };
}

/**
 * Official game: a match series' war is played in the game client, so the hub polls the home clan's
 * /currentwar from the scheduled start until the war ended, one durable job per series (it survives
 * restarts and API maintenance: every poll schedules the next one). Results go through the ladder's
 * idempotent finishSeries.
 */
export function createOfficialWarPoller(deps: OfficialWarPollerDeps) {
  const { ladder, source, repo, config, now } = deps;
  const series$ = ladder.repository;

  const again = (delayMs: number, why: string): PollOutcome => ({
    kind: 'again',
    delayMs: Math.max(delayMs, 1000),
    why,
  });

  async function flag(seriesId: string, reason: ReviewReason): Promise<PollOutcome> {
    await repo.flagForReview(seriesId, reason);
    deps.log?.warn({ matchSeriesId: seriesId, reason }, 'match series flagged for the organizer');
    return { kind: 'flagged', reason };
  }

  async function noShowWindowMs(tenant: string, segmentId: string): Promise<number> {
    const segment = await series$.findSegment(tenant, segmentId);
    const minutes = (segment?.configuration as { noShowWindowMinutes?: unknown } | null)?.noShowWindowMinutes;
    return typeof minutes === 'number' && minutes > 0 ? minutes * 60_000 : config.noShowWindowMs;
  }

  /**
   * The no-show rule: a side whose captain checked in is present; when only one side is, the other
   * forfeits. When both or neither checked in, the hub cannot tell who failed to start the war.
   */
  async function noShow(seriesId: string, owners: { home: string; away: string }): Promise<PollOutcome> {
    const present = new Set(await repo.checkedInUserIds(seriesId));
    const home = present.has(owners.home);
    const away = present.has(owners.away);
    if (home === away) return flag(seriesId, 'no_war');
    const side = home ? 'away' : 'home';
    await ladder.finishSeries({ matchSeriesId: seriesId, stars: { home: 0, away: 0 }, forfeit: side });
    return { kind: 'forfeit', side };
  }

  async function record(seriesId: string, report: OfficialWarReport, homeTag: string, awayTag: string) {
    let warLog: StoredWarReport['warLog'];
    try {
      warLog = confirmAgainstWarLog(await source.getWarLog(homeTag), report, awayTag);
    } catch (error) {
      if (!isGameAdapterError(error)) throw error;
      warLog = error.kind === 'war_log_private' ? 'private' : 'unavailable';
    }
    if (warLog === 'differs') {
      deps.log?.warn({ matchSeriesId: seriesId }, 'war log disagrees with the current war; current war kept');
    }
    await repo.storeWarReport(seriesId, { ...report, warLog });
    await ladder.finishSeries({
      matchSeriesId: seriesId,
      stars: report.stars,
      destruction: report.destruction,
    });
  }

  /** One poll of one series: what was seen, and when to look again. Never schedules by itself. */
  async function poll(matchSeriesId: string): Promise<PollOutcome> {
    const series = await series$.findSeries(matchSeriesId);
    if (!series) return { kind: 'done', why: 'unknown' };
    if (series.state === 'finished') return { kind: 'done', why: 'finished' };
    if (series.reviewReason) return { kind: 'done', why: 'flagged' };
    const competitors = await series$.competitorsOf([series.id]);
    const rosters = await series$.rostersByIds(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])));
    const rosterAt = (position: number) => {
      const rosterId = competitors.find((c) => c.position === position)?.rosterId;
      return rosters.find((r) => r.id === rosterId);
    };
    const home = rosterAt(0);
    const away = rosterAt(1);
    if (!home?.clanTag || !away?.clanTag) return flag(series.id, 'no_clan');

    const at = now().getTime();
    const start = series.date.getTime();
    if (at < start) return again(start - at, 'before the scheduled start');
    if (at > start + MAX_POLLING_MS) return flag(series.id, 'war_not_ended');

    let answer: CurrentWarAnswer;
    try {
      answer = await source.getCurrentWar(home.clanTag);
    } catch (error) {
      if (isGameAdapterError(error, 'war_log_private')) return flag(series.id, 'war_log_private');
      // Maintenance, throttling, a bad answer: the job stays, the next poll waits as asked.
      if (isGameAdapterError(error)) {
        return again(Math.max(error.retryAfterMs ?? 0, config.pollIntervalMs), `api ${error.kind}`);
      }
      throw error;
    }
    const { war } = answer;
    const wait = Math.max(answer.maxAgeMs ?? 0, config.pollIntervalMs);
    const prepared = parseApiTime(war.preparationStartTime);
    const isThisMatch =
      checkWarIsMatch(war, away.clanTag).matches &&
      prepared !== null &&
      prepared >= series.createdAt.getTime() - PREPARED_BEFORE_MATCH_SLACK_MS;
    if (!isThisMatch) {
      if (at >= start + (await noShowWindowMs(series.tenant, series.segmentId))) {
        return noShow(series.id, { home: home.ownerId ?? '', away: away.ownerId ?? '' });
      }
      return again(wait, 'no war of this match yet');
    }
    if (war.state !== 'warEnded') {
      // The match page shows the attacks while the war is on.
      await repo.storeWarReport(series.id, { ...warReport(war), warLog: 'not_listed' });
      return again(wait, `war ${war.state}`);
    }
    await record(series.id, warReport(war), home.clanTag, away.clanTag);
    return { kind: 'recorded' };
  }

  return {
    poll,
    /** The job handler: one poll, then the next poll as a new job when the war is not over. */
    async run(payload: { matchSeriesId: string }): Promise<PollOutcome> {
      let outcome: PollOutcome;
      try {
        outcome = await poll(payload.matchSeriesId);
      } catch (error) {
        // Anything unexpected (a database hiccup): keep following the war rather than let the job's
        // retries run out. If even scheduling fails, the throw below makes pg-boss retry this job.
        deps.log?.warn(
          { err: error, matchSeriesId: payload.matchSeriesId },
          'war poll failed; polling again later',
        );
        outcome = again(config.pollIntervalMs, 'poll failed');
      }
      if (outcome.kind === 'again') {
        await deps.jobs.send(WAR_POLL_JOB, payload, { delaySeconds: outcome.delayMs / 1000 });
      }
      return outcome;
    },
    /** Called in the transaction that creates a series: its first poll at the scheduled start. */
    async schedule(series: { id: string; date: Date }, tx: Executor): Promise<void> {
      // The report exists from the start so the match page knows the series is played in the game.
      await repo.storeWarReport(series.id, NOT_IN_WAR_YET, tx);
      const delayMs = Math.max(0, series.date.getTime() - now().getTime());
      await deps.jobs.send(WAR_POLL_JOB, { matchSeriesId: series.id }, { tx, delaySeconds: delayMs / 1000 });
    },
  };
}

export type OfficialWarPoller = ReturnType<typeof createOfficialWarPoller>;
