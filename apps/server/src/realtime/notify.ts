import { socketNamespace } from '@cwh/contract';
import type { Server } from 'socket.io';
import { userRoom } from './socket-server.js';

/** The socket says "something changed"; clients refetch over HTTP. */
export interface UpdateMessage<T = unknown> {
  event: string;
  data: T;
}

/** Emits `update` {event, data} to every socket of one user in a tenant, on every instance. */
export function notifyUser<T>(io: Server, tenant: string, userId: string, event: string, data: T): void {
  const message: UpdateMessage<T> = { event, data };
  io.of(socketNamespace(tenant)).to(userRoom(userId)).emit('update', message);
}
