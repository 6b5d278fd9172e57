import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { createActivityLogRepository } from './activity-log-repository.js';
import './mutation-audit.js';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  eventId?: string | null;
  before?: unknown;
  after?: unknown;
}

export type RecordActivity = (entry: AuditEntry) => Promise<void>;

/** Drops undefined and turns Dates into strings so before/after are plain JSON. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/**
 * Runs a mutation in one transaction together with its activity-log entries: if the change
 * commits, so does the entry, and a failed entry rolls the change back.
 */
export function createAudit(db: Db, now: () => Date) {
  const repo = createActivityLogRepository(db);
  return function audited<T>(
    request: FastifyRequest,
    fn: (tx: Tx, record: RecordActivity) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const record: RecordActivity = (entry) => {
        // The central mutation hook (mutation-audit.ts) then writes no second entry.
        request.activityRecorded = true;
        return repo.append(
          {
            at: now(),
            userId: request.user?.id ?? null,
            ipAddress: request.ip,
            action: entry.action,
            targetType: entry.targetType,
            targetId: entry.targetId,
            eventId: entry.eventId ?? null,
            before: snapshot(entry.before),
            after: snapshot(entry.after),
          },
          tx,
        );
      };
      return fn(tx, record);
    });
  };
}
export type Audited = ReturnType<typeof createAudit>;
