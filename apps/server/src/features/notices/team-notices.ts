import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { noticeLogOf } from './notice-log.js';
import { createNoticesRepository } from './notices-repository.js';

/**
 * The captain locked the team: each of its players is told, in the lock's transaction (the notice
 * log of the app on `db`; none when no app runs there).
 */
export async function notifyRosterLocked(
  db: Db,
  uow: UnitOfWork,
  roster: { id: string; tenant: string; name: string | null },
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  if (!log) return;
  const userIds = await createNoticesRepository(db).playerUserIds(roster.id, uow.tx);
  const drafts = userIds.map((userId) => ({
    tenant: roster.tenant,
    userId,
    type: 'roster_locked' as const,
    link: '/my-clan',
    params: { team: roster.name },
  }));
  await log.notify(uow, drafts, at);
}

/**
 * Players invited to a team (a roster that is not a clan's): each invited player with a hub
 * account is told, in the invitation's transaction, to My Team where the invitation is answered.
 */
export async function notifyTeamInvitations(
  db: Db,
  uow: UnitOfWork,
  roster: { tenant: string; name: string | null },
  playerTags: readonly string[],
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  if (!log || playerTags.length === 0) return;
  const users = await createNoticesRepository(db).userIdsOfTags(playerTags, uow.tx);
  const drafts = users.map(({ userId }) => ({
    tenant: roster.tenant,
    userId,
    type: 'team_invitation' as const,
    link: '/my-clan',
    params: { team: roster.name },
  }));
  await log.notify(uow, drafts, at);
}
