/**
 * The floor of the queue benchmark: the same HTTP and socket protocol the bots speak to the hub
 * (join, match_up_found, accept, match_up_accepted), served by the same libraries (Fastify 5,
 * socket.io 4, websocket transport) with NO database, NO auth lookups, NO validation and NO
 * matching work: it is told which roster pairs with which. Whatever this server reaches on a machine
 * is more than any hub with a database can reach there, with the bots on the same cores.
 *
 * Run by `queue --floor` (bench/README.md), never by the hub. FLOOR_CAPTAINS names a JSON file:
 * `{ captains: [{ token, userId, rosterId }], partnerOf: { [rosterId]: rosterId }, waiting: [rosterId] }`.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  API,
  MATCH_UP_ACCEPTED_EVENT,
  MATCH_UP_FOUND_EVENT,
  SOCKET_UPDATE_MESSAGE,
  SOCKET_USER_MESSAGE,
  socketNamespace,
} from '@cwh/contract';
import Fastify from 'fastify';
import { Server } from 'socket.io';
import { FRONTEND_NAMESPACE, userRoom } from '../../apps/server/src/realtime/socket-server.js';

interface FloorFile {
  captains: { token: string; userId: string; rosterId: string }[];
  partnerOf: Record<string, string>;
  waiting: string[];
}

const file = JSON.parse(readFileSync(process.env.FLOOR_CAPTAINS ?? '', 'utf8')) as FloorFile;
const ownerOf = new Map(file.captains.map((c) => [c.rosterId, c.userId]));
const userOfToken = new Map(file.captains.map((c) => [c.token, c.userId]));
const waiting = new Set(file.waiting);
const matchUps = new Map<string, { owners: [string, string]; accepted: Set<string> }>();

const app = Fastify({ logger: false });
const io = new Server(app.server, { transports: ['websocket'], serveClient: false });
const notify = (userId: string, event: string, id: string) =>
  io.of(socketNamespace('global')).to(userRoom(userId)).emit(SOCKET_UPDATE_MESSAGE, { event, data: { id } });

io.of(FRONTEND_NAMESPACE).on('connection', (socket) => {
  socket.on(SOCKET_USER_MESSAGE, (message: { userId?: string; token?: string }, callback?: unknown) => {
    const userId = message?.token ? userOfToken.get(message.token) : undefined;
    const bound = userId !== undefined && userId === message.userId;
    if (bound) void socket.join(userRoom(userId));
    if (typeof callback === 'function') callback(bound ? { ok: true, userId } : { ok: false });
  });
});

const caller = (authorization: string | undefined) => userOfToken.get((authorization ?? '').slice(7));

app.post<{ Params: { rosterId: string } }>(`${API.matches}/queue/:rosterId/join`, async (request, reply) => {
  const { rosterId } = request.params;
  const owner = ownerOf.get(rosterId);
  if (!owner || caller(request.headers.authorization) !== owner) return reply.code(403).send({ errors: [] });
  const partner = file.partnerOf[rosterId];
  if (partner && waiting.delete(partner)) {
    const id = randomUUID();
    const partnerOwner = ownerOf.get(partner)!;
    matchUps.set(id, { owners: [partnerOwner, owner], accepted: new Set() });
    notify(partnerOwner, MATCH_UP_FOUND_EVENT, id);
    notify(owner, MATCH_UP_FOUND_EVENT, id);
  } else waiting.add(rosterId);
  return { data: { type: 'queue-entries', id: randomUUID(), attributes: { rosterId, status: 'waiting' } } };
});

// The status the bots read before a burst (the page they join from): the entry, or none.
app.get<{ Params: { rosterId: string } }>(`${API.matches}/queue/:rosterId/status`, async (request, reply) => {
  const { rosterId } = request.params;
  const owner = ownerOf.get(rosterId);
  if (!owner || caller(request.headers.authorization) !== owner) return reply.code(403).send({ errors: [] });
  return {
    data: waiting.has(rosterId)
      ? { type: 'queue-entries', id: rosterId, attributes: { rosterId, status: 'waiting' } }
      : null,
  };
});

app.post<{ Params: { id: string } }>(`${API.matches}/match-ups/:id/accept`, async (request, reply) => {
  const matchUp = matchUps.get(request.params.id);
  const user = caller(request.headers.authorization);
  if (!matchUp || !user || !matchUp.owners.includes(user)) return reply.code(404).send({ errors: [] });
  matchUp.accepted.add(user);
  if (matchUp.accepted.size === 2)
    for (const owner of matchUp.owners) notify(owner, MATCH_UP_ACCEPTED_EVENT, request.params.id);
  return {
    data: { type: 'match-ups', id: request.params.id, attributes: { status: 'awaiting_confirmation' } },
  };
});

const address = await app.listen({
  port: Number(process.env.PORT ?? 0),
  host: process.env.HOST ?? '127.0.0.1',
});
console.log(`floor server listening on ${address}`);
const stop = () => {
  io.close();
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
