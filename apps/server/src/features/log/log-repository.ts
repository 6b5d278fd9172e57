import type { Executor } from '../../db/client.js';
import { clientLogs } from '../../db/schema/index.js';

export type NewClientLog = typeof clientLogs.$inferInsert;

export function createLogRepository(db: Executor) {
  return {
    async insert(log: NewClientLog, tx: Executor = db): Promise<{ id: string; createdAt: Date }> {
      const rows = await tx
        .insert(clientLogs)
        .values(log)
        .returning({ id: clientLogs.id, createdAt: clientLogs.createdAt });
      return rows[0]!;
    },
  };
}
