import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { noticeLogOf } from './notice-log.js';

/**
 * Staff suspended an account: its user is told, in the suspension's unit of work (they read it once
 * the account is restored: a suspended account cannot sign in). The reason stays with staff and the
 * activity log; the notice leads home.
 */
export async function notifyAccountSuspended(
  db: Db,
  uow: UnitOfWork,
  user: { tenant: string; userId: string },
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  if (!log) return;
  await log.notify(uow, [{ ...user, type: 'account_suspended', link: '/' }], at);
}
