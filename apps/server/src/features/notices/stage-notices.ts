import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { noticeLogOf } from './notice-log.js';
import { createNoticesRepository } from './notices-repository.js';

/**
 * A finished stage was decided (POST /segments/{id}/advance): every team learns whether it
 * advanced or was eliminated, its captain and its players (hub accounts), to the competition page;
 * in the decision's unit of work.
 */
export async function notifyStageOutcomes(
  db: Db,
  uow: UnitOfWork,
  tenant: string,
  outcomes: readonly { rosterId: string; outcome: 'qualified' | 'eliminated' }[],
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  if (!log || outcomes.length === 0) return;
  const outcomeOf = new Map(outcomes.map((o) => [o.rosterId, o.outcome]));
  const people = await createNoticesRepository(db).teamUserIds([...outcomeOf.keys()], uow.tx);
  const drafts = people.map(({ rosterId, userId }) => ({
    tenant,
    userId,
    type: outcomeOf.get(rosterId) === 'qualified' ? ('advanced' as const) : ('eliminated' as const),
    link: '/competition',
  }));
  await log.notify(uow, drafts, at);
}
