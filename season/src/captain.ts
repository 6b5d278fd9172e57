import { performance } from 'node:perf_hooks';
import {
  SOCKET_UPDATE_MESSAGE,
  SOCKET_USER_MESSAGE,
  type SocketUpdate,
  type SocketUserAck,
  socketNamespace,
} from '@cwh/contract';
import { io as connect, type Socket } from 'socket.io-client';
import type { HubApi } from './api.js';
import type { Doc } from './context.js';
import type { Rng, SeasonClan } from './world.js';

const HUB = '/api/hub/1.0';
const CLAN = '/api/clan/1.0';

export interface Notice {
  event: string;
  id: string;
  data: Doc;
  at: number;
}

/** What a bot is like, drawn once from the seed. */
export interface Temper {
  /** Answers a match-up late (after a pause) or not at all. */
  noShow: boolean;
  /** Declines some match-ups. */
  decliner: boolean;
  /** Misses stage check-ins. */
  missesCheckIns: boolean;
  /** Tries what it must not (queue twice, double accept, act for another clan). */
  rogue: boolean;
  /** Drops its socket now and then. */
  flaky: boolean;
  /** Slow to act (joins, check-ins). */
  late: boolean;
}

export function drawTemper(rng: Rng): Temper {
  return {
    noShow: rng.chance(0.06),
    decliner: rng.chance(0.08),
    missesCheckIns: rng.chance(0.08),
    rogue: rng.chance(0.15),
    flaky: rng.chance(0.15),
    late: rng.chance(0.15),
  };
}

type Waiter = { match: (n: Notice) => boolean; resolve: (n: Notice) => void };

/** A clan's captain: its player token, its socket (notices), its roster. */
export class Captain {
  token = '';
  userId = '';
  rosterId = '';
  readonly team: string[];
  readonly notices: Notice[] = [];
  socket: Socket | null = null;
  reconnects = 0;
  recovered = 0;
  private waiters: Waiter[] = [];

  constructor(
    readonly clan: SeasonClan,
    readonly temper: Temper,
    readonly rng: Rng,
  ) {
    this.team = clan.playerTags.slice(0, 5);
  }

  get tag(): string {
    return this.clan.playerTags[0]!;
  }

  /** Player token of any simulated player (game-user lookup; works registered or not). */
  static async playerToken(api: HubApi, tag: string): Promise<{ token: string; userId: string | null }> {
    const answer = await api.call<Doc>('POST', `${HUB}/game-user`, {
      data: { attributes: { apiToken: `sim-token-${tag.slice(1)}`, playerTag: tag } },
    });
    const token = answer.body?.meta?.token?.value ?? answer.body?.errors?.[0]?.meta?.token?.value;
    if (!token)
      throw new Error(`no player token for ${tag}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { token, userId: answer.body?.data?.attributes?.user?.id ?? null };
  }

  /** Leader picks 5 TH17 players (leader = captain), each registers, the captain locks the roster. */
  async buildTeam(api: HubApi, stageId: string): Promise<void> {
    const leader = await Captain.playerToken(api, this.tag);
    await api.ok(
      'POST',
      `${CLAN}/members`,
      { data: { attributes: { playerTag: this.tag, members: this.team, segmentId: stageId } } },
      leader.token,
    );
    for (const tag of this.team) {
      const token = tag === this.tag ? leader.token : (await Captain.playerToken(api, tag)).token;
      const id = tag.slice(1).toLowerCase();
      await api.ok(
        'POST',
        `${CLAN}/user`,
        {
          data: {
            attributes: {
              firstName: 'Bot',
              lastName: id,
              username: `s-${id}`,
              email: `${id}@season.test`,
              dateOfBirth: '1995-05-05',
            },
          },
        },
        token,
      );
      await api.ok('POST', `${CLAN}/register`, { data: { attributes: {} } }, token);
    }
    const locked = await api.ok<{ data: { id: string } }>(
      'POST',
      `${CLAN}/clan/roster/confirm`,
      { data: { attributes: {} } },
      leader.token,
    );
    this.rosterId = locked.data.id;
    const again = await Captain.playerToken(api, this.tag);
    this.token = again.token;
    if (!again.userId) throw new Error(`captain ${this.tag} has no hub user after registering`);
    this.userId = again.userId;
  }

  /** Opens the socket to `base` and binds it to the captain (again on every reconnect). */
  connect(base: string): Promise<void> {
    return new Promise((resolveConnect) => {
      const socket = connect(`${base}${socketNamespace('global')}`, {
        transports: ['websocket'],
        reconnection: true,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1000,
        forceNew: true,
        timeout: 20_000,
      });
      this.socket = socket;
      let first = true;
      socket.on(SOCKET_UPDATE_MESSAGE, (message: SocketUpdate) => {
        const data = (message as { data: Doc }).data;
        const notice: Notice = { event: message.event, id: data?.id ?? '', data, at: performance.now() };
        this.notices.push(notice);
        const hit = this.waiters.filter((w) => w.match(notice));
        this.waiters = this.waiters.filter((w) => !hit.includes(w));
        for (const w of hit) w.resolve(notice);
      });
      socket.on('connect', () => {
        if (!first) this.reconnects++;
        socket.emit(
          SOCKET_USER_MESSAGE,
          { userId: this.userId, token: this.token },
          (_ack: SocketUserAck) => {
            if (first) {
              first = false;
              resolveConnect();
            }
          },
        );
      });
    });
  }

  /** Drops the socket and opens it again after `ms` (a phone losing its network). */
  async blip(ms: number): Promise<void> {
    const socket = this.socket;
    if (!socket) return;
    socket.disconnect();
    await new Promise((r) => setTimeout(r, ms));
    socket.connect();
  }

  close(): void {
    this.socket?.disconnect();
    this.socket = null;
  }

  /** The first notice matching `match` from now on (or already seen since `since`), or null after `timeoutMs`. */
  waitFor(
    match: (n: Notice) => boolean,
    timeoutMs: number,
    since = Number.POSITIVE_INFINITY,
  ): Promise<Notice | null> {
    const seen = this.notices.find((n) => n.at >= since && match(n));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolveWait) => {
      const waiter: Waiter = {
        match,
        resolve: (n) => {
          clearTimeout(timer);
          resolveWait(n);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolveWait(null);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}
