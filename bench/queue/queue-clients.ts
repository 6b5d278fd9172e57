import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  API,
  MATCH_UP_ACCEPTED_EVENT,
  MATCH_UP_FOUND_EVENT,
  SOCKET_UPDATE_MESSAGE,
  SOCKET_USER_MESSAGE,
  type SocketUpdate,
  type SocketUserAck,
  socketNamespace,
} from '@cwh/contract';
import { io as connect } from 'socket.io-client';
import type { Captain } from '../../apps/server/test/ladder/ladder-fixtures.js';
import { type Summary, summarize } from '../lib/stats.js';
import type { Client } from './queue-bench-types.js';

const ACCEPT_TIMEOUT_MS = 10_000;

/** Runs `task` over `items` with at most `limit` in flight. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
}

export function waitFor(
  client: Client,
  event: string,
  timeoutMs: number,
): Promise<{ at: number; id: string } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.waiters.delete(event);
      resolve(null);
    }, timeoutMs);
    client.waiters.set(event, (at, data) => {
      clearTimeout(timer);
      client.waiters.delete(event);
      resolve({ at, id: data.id });
    });
  });
}

/**
 * The bots' HTTP client: node:http over kept-alive connections. It was `fetch` (undici), whose
 * per-request work cost the bots about as much CPU as the server's own per match-up; the bots share
 * the machine's two cores with the server and PostgreSQL, so a costly client lowered the very rate
 * it measured (bench/README.md, "queue: join → match_up_found on one hub").
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export function http(
  base: string,
  captain: Captain,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${captain.token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const joinBody = (captain: Captain) => ({ data: { attributes: { playerTags: captain.playerTags } } });

export function connectClient(
  base: string,
  captain: Captain,
): Promise<{ client: Client; bindMs: number } | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(`${base}${socketNamespace('global')}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 20_000,
    });
    const client: Client = { captain, socket, waiters: new Map(), seen: [] };
    socket.on(SOCKET_UPDATE_MESSAGE, (message: SocketUpdate) => {
      const at = performance.now();
      const id = 'id' in message.data ? message.data.id : '';
      client.seen.push({ event: message.event, at, id });
      client.waiters.get(message.event)?.(at, { id });
    });
    const timer = setTimeout(() => {
      socket.disconnect();
      resolve(null);
    }, 30_000);
    socket.once('connect', () => {
      socket.emit(
        SOCKET_USER_MESSAGE,
        { userId: captain.userId, token: captain.token },
        (ack: SocketUserAck) => {
          clearTimeout(timer);
          if (!ack.ok) {
            socket.disconnect();
            resolve(null);
            return;
          }
          resolve({ client, bindMs: performance.now() - started });
        },
      );
    });
    socket.once('connect_error', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

/**
 * Bare socket.io round trip through the server's own socket path: `user` with an invalid payload
 * is answered through the emit callback (VALIDATION_FAILED) without touching the database.
 */
export async function measureRtt(clients: readonly Client[], count: number): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const client = clients[(i * 7919) % clients.length]!;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5_000);
      client.socket.emit(SOCKET_USER_MESSAGE, {}, () => {
        clearTimeout(timer);
        samples.push(performance.now() - started);
        resolve();
      });
    });
  }
  return summarize(samples);
}

/** The waiting partner accepts, then the joiner accepts; time from that second accept → both notified. */
export async function acceptPair(
  base: string,
  first: Client,
  second: Client,
  matchUpId: string,
): Promise<number | null> {
  const path = `${API.matches}/match-ups/${matchUpId}/accept`;
  const firstWait = waitFor(first, MATCH_UP_ACCEPTED_EVENT, ACCEPT_TIMEOUT_MS);
  const secondWait = waitFor(second, MATCH_UP_ACCEPTED_EVENT, ACCEPT_TIMEOUT_MS);
  const a = await http(base, first.captain, 'POST', path);
  if (a.status !== 200) return null;
  const started = performance.now();
  const b = await http(base, second.captain, 'POST', path);
  if (b.status !== 200) return null;
  const [x, y] = await Promise.all([firstWait, secondWait]);
  if (!x || !y) return null;
  return Math.max(x.at, y.at) - started;
}

export async function joinAndWait(base: string, joiner: Client, timeoutMs: number) {
  const found = waitFor(joiner, MATCH_UP_FOUND_EVENT, timeoutMs);
  const started = performance.now();
  const response = await http(
    base,
    joiner.captain,
    'POST',
    `${API.matches}/queue/${joiner.captain.rosterId}/join`,
    joinBody(joiner.captain),
  );
  const httpMs = performance.now() - started;
  if (response.status !== 200) {
    return { ok: false as const, httpMs, error: `${response.status} ${response.text.slice(0, 200)}` };
  }
  const hit = await found;
  if (!hit) return { ok: false as const, httpMs, error: 'timeout', started };
  return { ok: true as const, httpMs, latency: hit.at - started, id: hit.id, started, at: hit.at };
}
