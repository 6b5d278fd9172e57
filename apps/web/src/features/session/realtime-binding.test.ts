import type { GameUserMeta } from '@cwh/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { io } = vi.hoisted(() => ({ io: vi.fn() }));
// Stands in for the lazily imported socket.io-client of the realtime client.
vi.mock('socket.io-client', () => ({ io }));

import { closeRealtime } from '../../lib/realtime';
import { createProfile } from '../registration/registration-api';
import { loadSession, signOut } from './load-session';
import { bindRealtimeToSession } from './realtime-binding';
import { resetSession, updateSession } from './session-store';
import { cancelTokenRefresh } from './token-refresh';

/** What the realtime client does with a socket: announce its user on connect, disconnect on close. */
class FakeSocket {
  connected = true;
  auth: Record<string, unknown> = {};
  disconnects = 0;
  announced: unknown[] = [];
  io = { on: () => undefined, removeAllListeners: () => undefined };
  on() {
    return this;
  }
  emit(event: string, payload: unknown) {
    if (event === 'user') this.announced.push(payload);
    return this;
  }
  removeAllListeners() {
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    return this;
  }
}

const meta = (playerTag: string, token: string): GameUserMeta => ({
  token: { value: token, expires: '2099-01-01T00:00:00Z' },
  refreshToken: { value: `${token}-refresh`, expires: '2099-02-01T00:00:00Z' },
  playerTag,
  playerName: 'Marcus Stone',
  clan: null,
  role: 'leader',
  isLeader: true,
  isCoLeader: false,
  thLevel: 17,
  rosterId: 'roster-1',
});

/** The game-user lookup knows two players: the leader without an account, a member with one. */
const PLAYERS: Record<string, { status: number; body: unknown }> = {
  '#LEADER': {
    status: 404,
    body: { errors: [{ status: '404', code: 'NOT_REGISTERED', meta: meta('#LEADER', 'leader-token') }] },
  },
  '#MEMBER': {
    status: 200,
    body: {
      data: { id: 'u-member', type: 'game-users', attributes: {} },
      meta: meta('#MEMBER', 'member-token'),
    },
  },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const signInAs = (playerTag: string) =>
  loadSession({
    navigate: vi.fn(),
    inApp: false,
    launchParams: async () => ({ apiToken: 'api', playerTag, platform: 'local', country: 'CA' }),
  });

let sockets: FakeSocket[] = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  resetSession();
  sockets = [];
  io.mockReset();
  io.mockImplementation(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/game-user')) {
        const tag = JSON.parse(String(init?.body)).data.attributes.playerTag as string;
        const player = PLAYERS[tag];
        return player
          ? json(player.status, player.body)
          : json(400, { errors: [{ code: 'UNKNOWN_PLAYER' }] });
      }
      if (url.includes('/api/clan/1.0/user') && init?.method === 'POST') {
        return json(200, { data: { id: 'u-leader', type: 'users', attributes: {} } });
      }
      return new Response(null, { status: 503 });
    }),
  );
  stop = bindRealtimeToSession();
});

afterEach(() => {
  stop();
  closeRealtime();
  cancelTokenRefresh();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the live connection follows the session', () => {
  it('a leader who signs in without an account and registers in the same visit is bound at once', async () => {
    await signInAs('#LEADER');
    await settle();
    // Signed in, but no hub user yet: no connection to bind.
    expect(io).not.toHaveBeenCalled();

    await createProfile(
      { firstName: 'Marcus', lastName: 'Stone', username: 'marcus', email: 'm@x.test' },
      null,
    );
    await settle();
    expect(io).toHaveBeenCalledTimes(1);
    expect(sockets[0]?.announced).toEqual([{ userId: 'u-leader', token: 'leader-token' }]);
  });

  it('switching player binds the new player and closes the previous connection; signing out closes it', async () => {
    await signInAs('#LEADER');
    await createProfile(
      { firstName: 'Marcus', lastName: 'Stone', username: 'marcus', email: 'm@x.test' },
      null,
    );
    await settle();
    await signInAs('#MEMBER');
    await settle();
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.disconnects).toBe(1);
    expect(sockets[1]?.announced).toEqual([{ userId: 'u-member', token: 'member-token' }]);

    await signOut();
    expect(sockets[1]?.disconnects).toBe(1);
    // The server is asked to end the member's session too (its tokens stop working everywhere).
    const calls = vi.mocked(fetch).mock.calls.map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      authorization: (init?.headers as Record<string, string> | undefined)?.authorization,
    }));
    expect(calls.at(-1)).toEqual({
      url: expect.stringMatching(/\/api\/users\/1\.0\/logout$/),
      method: 'POST',
      authorization: 'Bearer member-token',
    });
  });

  it('a refreshed token reaches the open connection without a new one', async () => {
    await signInAs('#MEMBER');
    await settle();
    updateSession({ scToken: { value: 'member-token-2', expires: '2099-01-02T00:00:00Z' } });
    expect(io).toHaveBeenCalledTimes(1);
    expect(sockets[0]?.auth).toEqual({ token: 'member-token-2' });
  });
});
