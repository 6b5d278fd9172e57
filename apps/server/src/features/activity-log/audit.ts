import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { type ActivityEntry, runInUnitOfWork, type UnitOfWork } from '../../db/unit-of-work.js';
import { actorOf } from '../../http/actor.js';
import './mutation-audit.js';

export type AuditEntry = ActivityEntry;

export type RecordActivity = (entry: AuditEntry) => Promise<void>;

/**
 * The admin services' form of the one unit of work (db/unit-of-work.ts): `fn` runs in one
 * transaction together with its activity-log rows (a change commits with its rows, a failed row rolls
 * the change back), and its after-commit effects (`uow.afterCommit`) run once it committed.
 */
export function createAudit(db: Db, now: () => Date) {
  return function audited<T>(
    request: FastifyRequest,
    fn: (tx: Tx, record: RecordActivity, uow: UnitOfWork) => Promise<T>,
  ): Promise<T> {
    return runInUnitOfWork({ db, now, log: request.log }, actorOf(request), (tx, uow) =>
      fn(tx, uow.record, uow),
    );
  };
}
export type Audited = ReturnType<typeof createAudit>;
