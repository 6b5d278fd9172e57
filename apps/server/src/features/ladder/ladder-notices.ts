import type { SocketUpdateEvent, SocketUpdateMap } from '@cwh/contract';
import type { Server } from 'socket.io';
import { notifyUser } from '../../realtime/notify.js';

/** A socket `update` to send once the transaction that caused it has committed. */
export interface Notice<E extends SocketUpdateEvent = SocketUpdateEvent> {
  tenant: string;
  userId: string | null;
  event: E;
  data: SocketUpdateMap[E];
}

export function notice<E extends SocketUpdateEvent>(
  tenant: string,
  userId: string | null,
  event: E,
  data: SocketUpdateMap[E],
): Notice<E> {
  return { tenant, userId, event, data };
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
