import { canPerform } from '@cwh/domain';
import type { Db, Executor } from '../../db/client.js';
import { type Actor, runInUnitOfWork, SYSTEM_ACTOR, type UnitOfWork } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import type { GameAdapter } from '../../game/index.js';
import type { MatchRoomNoticePoster } from '../../realtime/match-room-notices.js';
import type { NoticeLog } from '../notices/notice-log.js';
import type { LadderConfig } from './ladder-config.js';
import { logDraftsOf, type Notice, type Notify } from './ladder-notices.js';
import { createLadderRepository, type LadderRepository, type RosterRow } from './ladder-repository.js';
import type { StageSeriesResultHook } from './match-series/stage-series-hook.js';

export interface LadderServiceDeps {
  db: Db;
  game: GameAdapter;
  config: LadderConfig;
  now: () => Date;
  notify: Notify;
  /** The users' notice log: the ladder's socket notices that a user needs are written in it too. */
  noticeLog?: NoticeLog | undefined;
  /** The match room's system notices (a result in the series' chat); none without one (the seeds). */
  matchRoomNotices?: MatchRoomNoticePoster | undefined;
  /** Name of this instance in audit columns (ended_by). */
  instanceId: string;
  /** Called in the transaction that creates a match series (the official game schedules its war polling). */
  onSeriesCreated?: (series: { id: string; date: Date }, tx: Executor) => Promise<void>;
  /**
   * Records a result of a competition stage's series (bracket, swiss) instead of the ladder
   * standings; null when the series is not a stage series. Wired by the brackets feature.
   */
  onStageSeriesResult?: StageSeriesResultHook;
  /**
   * Called once a change to standings committed (a result, a correction, a recalculation batch, a
   * withdrawal's forfeits): the read cache drops the standings and leaderboards it holds. Results
   * written in a caller's transaction (`finishSeriesIn`, `correctSeriesIn`: the organizer's calls)
   * are HTTP writes, which empty the cache when answered.
   */
  onStandingsChanged?: () => void;
  log?: { warn: (obj: unknown, msg?: string) => void; error: (obj: unknown, msg?: string) => void };
}

export interface Caller {
  id: string;
  permissions: string[];
}

/**
 * Who may queue a roster, ask its queue status or answer its match-ups: its captain (the owner), or
 * whoever may act on any roster (`roster:manage`, the domain's one permission rule). The one check
 * of the queue's calls; FORBIDDEN otherwise.
 */
export function requireCaptainOrManager(roster: { ownerId: string | null }, caller: Caller): void {
  if (roster.ownerId !== caller.id && !canPerform(caller.permissions, 'roster:manage')) {
    throw new DomainError('FORBIDDEN', 'Only the captain (roster owner) may queue this roster');
  }
}

/** What the ladder's services share: their dependencies, the repository and `commit`. */
export interface LadderContext {
  deps: LadderServiceDeps;
  repo: LadderRepository;
  /** Runs one unit of work (transaction, activity-log rows) and sends its notices only after it committed. */
  commit: <T>(
    work: (tx: Executor, notices: Notice[], uow: UnitOfWork) => Promise<T>,
    actor?: Actor,
  ) => Promise<T>;
}

export function createLadderContext(deps: LadderServiceDeps): LadderContext {
  const { db, notify } = deps;
  const repo = createLadderRepository(db);

  /**
   * The ladder's form of the one unit of work (db/unit-of-work.ts): one transaction, the activity-log
   * rows of the actor's change in it, the notices sent only after it committed.
   */
  function commit<T>(
    work: (tx: Executor, notices: Notice[], uow: UnitOfWork) => Promise<T>,
    actor: Actor = SYSTEM_ACTOR,
  ): Promise<T> {
    return runInUnitOfWork(deps, actor, async (tx, uow) => {
      const notices: Notice[] = [];
      uow.afterCommit(() => notify(notices));
      const result = await work(tx, notices, uow);
      // The notices a user must not miss go to their notice log, in this transaction.
      const drafts = logDraftsOf(notices);
      if (deps.noticeLog && drafts.length > 0) await deps.noticeLog.notify(uow, drafts, deps.now());
      return result;
    });
  }

  return { deps, repo, commit };
}

/** The roster, when the caller is its captain (owner) or an admin. */
export async function ownedRoster(
  repo: LadderRepository,
  rosterId: string,
  caller: Caller,
): Promise<RosterRow> {
  const roster = await repo.findRoster(rosterId);
  if (!roster) throw new DomainError('NOT_FOUND', `No roster with id ${rosterId}`);
  requireCaptainOrManager(roster, caller);
  return roster;
}
