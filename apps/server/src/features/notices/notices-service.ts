import type { Db } from '../../db/client.js';
import { type Actor, runInUnitOfWork } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { createNoticesRepository, type NoticeOwner } from './notices-repository.js';

export interface NoticesDeps {
  db: Db;
  now: () => Date;
}

/** The signed-in user's notice log: read a page, mark one read, mark all read. */
export function createNoticesService(deps: NoticesDeps) {
  const repo = createNoticesRepository(deps.db);
  return {
    page: (owner: NoticeOwner, page: { offset: number; size: number }) => repo.page(owner, page),

    async markRead(owner: NoticeOwner, id: string, actor: Actor) {
      return runInUnitOfWork(deps, actor, async (tx) => {
        const row = await repo.markRead(owner, id, deps.now(), tx);
        // Another user's notice answers as a missing one: its existence is not told.
        if (!row) throw new DomainError('NOT_FOUND', `No notice with id ${id}`);
        return { row, unread: await repo.unreadCount(owner, tx) };
      });
    },

    async markAllRead(owner: NoticeOwner, actor: Actor) {
      return runInUnitOfWork(deps, actor, (tx) => repo.markAllRead(owner, deps.now(), tx));
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
