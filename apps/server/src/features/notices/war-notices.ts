import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { noticeLogOf } from './notice-log.js';
import { createNoticesRepository } from './notices-repository.js';

/**
 * The war of a match series was created (it is on in the game): both teams are told, their captains
 * and their players (linked game accounts), to the match page; in the unit of work that stores the
 * war, so a war the hub failed to store tells nobody.
 */
export async function notifyWarStarted(
  db: Db,
  uow: UnitOfWork,
  series: { id: string; tenant: string },
  teams: readonly { rosterId: string; ownerId: string | null }[],
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  if (!log) return;
  const repo = createNoticesRepository(db);
  const users = new Set<string>();
  for (const team of teams) {
    if (team.ownerId) users.add(team.ownerId);
    for (const userId of await repo.playerUserIds(team.rosterId, uow.tx)) users.add(userId);
  }
  const drafts = [...users].map((userId) => ({
    tenant: series.tenant,
    userId,
    type: 'war_started' as const,
    link: `/match/${series.id}`,
  }));
  await log.notify(uow, drafts, at);
}
