import type { NoticeParams, SocketUpdateEvent, SocketUpdateMap } from '@cwh/contract';
import type { Server } from 'socket.io';
import { notifyUser } from '../../realtime/notify.js';
import type { NoticeDraft } from '../notices/notice-log.js';

/** A socket `update` to send once the transaction that caused it has committed. */
export interface Notice<E extends SocketUpdateEvent = SocketUpdateEvent> {
  tenant: string;
  userId: string | null;
  event: E;
  data: SocketUpdateMap[E];
  /**
   * For the user's notice log (`logDraftsOf`): false when this user needs no notice of it (the
   * captain who declined), or the text's parameters.
   */
  log?: false | { params: NoticeParams };
}

export function notice<E extends SocketUpdateEvent>(
  tenant: string,
  userId: string | null,
  event: E,
  data: SocketUpdateMap[E],
  log?: Notice<E>['log'],
): Notice<E> {
  return log === undefined ? { tenant, userId, event, data } : { tenant, userId, event, data, log };
}

/** Where a ladder notice leads and what it is, by its socket event; null: not for the notice log. */
function draftOf(n: Notice): Omit<NoticeDraft, 'tenant' | 'userId'> | null {
  switch (n.event) {
    case 'matches:match_up_found':
      return { type: 'match_found', link: '/competition' };
    case 'matches:match_up_accepted': {
      const data = n.data as SocketUpdateMap['matches:match_up_accepted'];
      return { type: 'match_accepted', link: `/match/${data.matchSeries.id}` };
    }
    case 'matches:match_up_declined': {
      const data = n.data as SocketUpdateMap['matches:match_up_declined'];
      return { type: data.reason === 'expired' ? 'match_expired' : 'match_declined', link: '/competition' };
    }
    case 'matches:match_series_finished': {
      const data = n.data as SocketUpdateMap['matches:match_series_finished'];
      return { type: 'result_recorded', link: `/match/${data.matchSeries.id}` };
    }
    default:
      return null;
  }
}

/**
 * The notices of a ladder change that a user must not miss (issue #34), as drafts for the notice
 * log: written by the ladder's `commit` in the change's transaction.
 */
export function logDraftsOf(notices: readonly Notice[]): NoticeDraft[] {
  const drafts: NoticeDraft[] = [];
  for (const n of notices) {
    if (!n.userId || n.log === false) continue;
    const draft = draftOf(n);
    if (!draft) continue;
    drafts.push({ ...draft, tenant: n.tenant, userId: n.userId, params: n.log?.params ?? {} });
  }
  return drafts;
}

export type Notify = (notices: readonly Notice[]) => void;

/** Sends notices to the user rooms (all instances through the Redis adapter when configured). */
export function createNotifier(io: () => Server | undefined): Notify {
  return (notices) => {
    const server = io();
    if (!server) return;
    for (const n of notices) {
      if (n.userId) notifyUser(server, n.tenant, n.userId, n.event, n.data);
    }
  };
}
