import type { Db, Executor, Tx } from './client.js';
import { activityLog } from './schema/index.js';

/**
 * The one unit of work of the server (docs/architecture.md, "One unit of work"): every change opens
 * its transaction here (retried on serialization failure and deadlock by `db.transaction`,
 * db/transaction-retry.ts), writes its activity-log rows in that transaction and collects its
 * after-commit effects (socket notices, job pokes, cache drops), which run only once it committed.
 * A rollback drops the change, its activity-log rows and its effects together; a retried attempt
 * keeps only the committed attempt's rows and effects.
 */

/** One activity-log row as an operation describes it; who, where and when come from the actor and clock. */
export interface ActivityEntry {
  action: string;
  targetType: string;
  targetId: string;
  eventId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Who causes the change: a request's user and address, or the system (jobs, ticks, seeds). */
export interface Actor {
  userId: string | null;
  ipAddress: string;
  /** Told once the unit recorded a row, so the central mutation hook writes no second one. */
  onRecorded?: () => void;
}

/** The server itself (jobs, ticks, sweepers, seeds): no user, no address. */
export const SYSTEM_ACTOR: Actor = { userId: null, ipAddress: 'system' };

export type AfterCommitEffect = () => void;

export interface UnitOfWork {
  readonly tx: Tx;
  /**
   * Writes an activity-log row in this unit's transaction, by the unit's actor or by `by` (a batch
   * that serves several requests in one transaction records each request's row by its own actor).
   */
  record(entry: ActivityEntry, by?: Actor): Promise<void>;
  /** Runs `effect` after the transaction committed; never on rollback. */
  afterCommit(effect: AfterCommitEffect): void;
}

export interface UnitOfWorkDeps {
  db: Db;
  now: () => Date;
  log?: { error: (obj: unknown, msg?: string) => void };
}

/** Drops undefined and turns Dates into strings so before/after are plain JSON. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** The activity-log insert of a unit (the table is append-only by trigger). */
export async function appendActivity(
  tx: Executor,
  actor: Actor,
  at: Date,
  entry: ActivityEntry,
): Promise<void> {
  await tx.insert(activityLog).values({
    at,
    userId: actor.userId,
    ipAddress: actor.ipAddress,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    eventId: entry.eventId ?? null,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}

function openUnit(deps: UnitOfWorkDeps, actor: Actor, tx: Tx, effects: AfterCommitEffect[]): UnitOfWork {
  return {
    tx,
    async record(entry, by = actor) {
      by.onRecorded?.();
      await appendActivity(tx, by, deps.now(), entry);
    },
    afterCommit(effect) {
      effects.push(effect);
    },
  };
}

function runEffects(deps: UnitOfWorkDeps, effects: readonly AfterCommitEffect[]): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      // The change is committed: a failed notice must not turn its answer into an error.
      deps.log?.error({ err: error }, 'after-commit effect failed');
    }
  }
}

/**
 * Runs `work` as one unit: one transaction (with the retry), its activity-log rows, and its
 * after-commit effects run once it committed. Services and operations call this; routes never
 * open a transaction.
 */
export async function runInUnitOfWork<T>(
  deps: UnitOfWorkDeps,
  actor: Actor,
  work: (tx: Tx, uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const effects: AfterCommitEffect[] = [];
  const result = await deps.db.transaction((tx) => {
    // A retried attempt starts over: only the committed attempt's effects run.
    effects.length = 0;
    return work(tx, openUnit(deps, actor, tx, effects));
  });
  runEffects(deps, effects);
  return result;
}
