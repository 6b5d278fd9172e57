import { randomUUID } from 'node:crypto';
import type { NoticeParams, NoticeResource, NoticeType } from '@cwh/contract';
import type { Db, Executor } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { createNoticesRepository, type NoticeRow } from './notices-repository.js';

/** A notice as the change that causes it describes it (docs/api/notices.md). */
export interface NoticeDraft {
  tenant: string;
  userId: string;
  type: NoticeType;
  /** A web path without the locale prefix: where the notice leads. */
  link: string;
  /** Defaults to `types.<type>` (the web's `notices` namespace). */
  textKey?: string;
  params?: NoticeParams;
}

/**
 * A way out for committed notices: the socket today; Web Push and e-mail later. A channel is told
 * only after the change committed, never on rollback; it must not throw into the change (a failing
 * channel is logged by the unit of work and the others still run).
 */
export type NoticeChannel = (notices: readonly NoticeRow[]) => void;

export interface NoticeLog {
  /**
   * Writes `drafts` in the unit's transaction (they commit or roll back with the change) and hands
   * them to every channel once it committed. Answers the rows written.
   */
  notify(uow: UnitOfWork, drafts: readonly NoticeDraft[], at: Date): Promise<NoticeRow[]>;
  /**
   * The same for a transaction the caller owns without a unit of work: writes in `tx` and answers
   * the after-commit step to run once it committed.
   */
  write(tx: Executor, drafts: readonly NoticeDraft[], at: Date): Promise<() => void>;
  /** Adds a delivery channel; answers its removal. */
  addChannel(channel: NoticeChannel): () => void;
}

export function createNoticeLog(db: Db): NoticeLog {
  const repo = createNoticesRepository(db);
  const channels = new Set<NoticeChannel>();

  function deliver(rows: readonly NoticeRow[]) {
    if (rows.length === 0) return;
    for (const channel of channels) channel(rows);
  }

  async function insert(tx: Executor, drafts: readonly NoticeDraft[], at: Date) {
    return repo.insert(
      drafts.map((d) => ({
        id: randomUUID(),
        tenant: d.tenant,
        userId: d.userId,
        type: d.type,
        link: d.link,
        textKey: d.textKey ?? `types.${d.type}`,
        params: d.params ?? {},
        createdAt: at,
      })),
      tx,
    );
  }

  return {
    async notify(uow, drafts, at) {
      const rows = await insert(uow.tx, drafts, at);
      uow.afterCommit(() => deliver(rows));
      return rows;
    },
    async write(tx, drafts, at) {
      const rows = await insert(tx, drafts, at);
      return () => deliver(rows);
    },
    addChannel(channel) {
      channels.add(channel);
      return () => channels.delete(channel);
    },
  };
}

/**
 * The notice log of the app running on a database, for features that are not handed one at
 * composition (the way `realtime/match-room-notices.ts` reaches the match room): `registerNotices`
 * registers its log at start. Every app on a database writes the same table, so any will do; a
 * database no app runs on (the seed) writes no notices.
 */
const logs = new WeakMap<object, Set<NoticeLog>>();

export function registerNoticeLog(db: Db, log: NoticeLog): () => void {
  const set = logs.get(db) ?? new Set<NoticeLog>();
  logs.set(db, set);
  set.add(log);
  return () => set.delete(log);
}

export const noticeLogOf = (db: Db): NoticeLog | null => [...(logs.get(db) ?? [])][0] ?? null;

/** A notice row as the API and the socket show it. */
export function noticeResource(row: NoticeRow): NoticeResource {
  return {
    id: row.id,
    type: 'notices',
    attributes: {
      kind: row.type as NoticeType,
      link: row.link,
      textKey: row.textKey,
      params: row.params,
      createdAt: isoSeconds(row.createdAt),
      readAt: row.readAt ? isoSeconds(row.readAt) : null,
    },
  };
}
