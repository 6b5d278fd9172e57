import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameAdapterError } from '../game-adapter-error.js';
import { CocApiClient, type CocApiClientConfig } from './coc-api-client.js';
import { type CocApiStub, startCocApiStub } from './coc-api-stub.js';
import { STUB_TAGS } from './coc-api-stub-fixtures.js';

let stub: CocApiStub;
let delays: number[];

beforeEach(async () => {
  stub = await startCocApiStub();
  delays = [];
});

afterEach(async () => {
  await stub.close();
});

/** Backoff is recorded rather than slept so retry tests stay instant; one test below sleeps for real. */
function client(overrides: Partial<CocApiClientConfig> = {}): CocApiClient {
  return new CocApiClient({
    apiKey: stub.apiKey,
    baseUrl: stub.baseUrl,
    timeoutMs: 1000,
    backoffBaseMs: 4,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...overrides,
  });
}

async function caught(promise: Promise<unknown>): Promise<GameAdapterError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GameAdapterError);
  return error as GameAdapterError;
}

describe('CocApiClient against the stub', () => {
  describe('verifyPlayerToken', () => {
    it('answers ok for the right token, posting it with bearer auth', async () => {
      await expect(client().verifyPlayerToken('p2y9lq0', 'stub-token-leader')).resolves.toEqual({
        status: 'ok',
      });
      expect(stub.requests).toEqual([
        {
          method: 'POST',
          rawPath: '/v1/players/%23P2Y9LQ0/verifytoken',
          authorization: `Bearer ${stub.apiKey}`,
          body: { token: 'stub-token-leader' },
        },
      ]);
    });

    it('answers invalid for a wrong token', async () => {
      await expect(client().verifyPlayerToken(STUB_TAGS.leader, 'nope')).resolves.toEqual({
        status: 'invalid',
      });
    });

    it('throws not_found for an unknown or malformed tag', async () => {
      expect((await caught(client().verifyPlayerToken('#2222222', 'x'))).kind).toBe('not_found');
      expect((await caught(client().verifyPlayerToken('hello', 'x'))).kind).toBe('not_found');
      expect(stub.countRequests()).toBe(1);
    });
  });

  describe('getPlayer', () => {
    it('maps the official shape, admin becoming elder', async () => {
      await expect(client().getPlayer(STUB_TAGS.elder)).resolves.toEqual({
        tag: STUB_TAGS.elder,
        name: 'Stub Elder',
        townHallLevel: 17,
        clan: { tag: STUB_TAGS.clanTitans, name: 'Stub Titans' },
        role: 'elder',
        banned: false,
      });
      expect(stub.requests[0]?.rawPath).toBe('/v1/players/%23P2Y9LQ2');
    });

    it('gives a clanless player no clan and no role', async () => {
      const player = await client().getPlayer(STUB_TAGS.clanless);
      expect(player).toMatchObject({ clan: null, role: null, townHallLevel: 15 });
    });

    it('returns null for 404 and for malformed tags without calling the API', async () => {
      await expect(client().getPlayer('#2222222')).resolves.toBeNull();
      await expect(client().getPlayer('not a tag')).resolves.toBeNull();
      expect(stub.countRequests()).toBe(1);
    });
  });

  describe('getClan', () => {
    it('maps members and derives the town hall level', async () => {
      const clan = await client().getClan(STUB_TAGS.clanTitans.toLowerCase());
      expect(stub.requests[0]?.rawPath).toBe('/v1/clans/%232PP0QJ8Y');
      expect(clan).toEqual({
        tag: STUB_TAGS.clanTitans,
        name: 'Stub Titans',
        clanLevel: 21,
        isWarLogPublic: true,
        thLevel: 17,
        members: [
          { tag: STUB_TAGS.leader, name: 'Stub Leader', role: 'leader', townHallLevel: 17 },
          { tag: STUB_TAGS.elder, name: 'Stub Elder', role: 'elder', townHallLevel: 17 },
          { tag: STUB_TAGS.member, name: 'Stub Member', role: 'member', townHallLevel: 16 },
        ],
      });
    });

    it('returns null for 404', async () => {
      await expect(client().getClan('#2222222')).resolves.toBeNull();
    });
  });

  describe('getWarStatus', () => {
    it.each([
      [STUB_TAGS.clanTitans, 'none'],
      [STUB_TAGS.clanAtWar, 'clanWar'],
      [STUB_TAGS.clanFriendly, 'friendlyWar'],
    ])('%s -> %s', async (tag, expected) => {
      await expect(client().getWarStatus(tag)).resolves.toBe(expected);
      expect(stub.requests[0]?.rawPath).toBe(`/v1/clans/${encodeURIComponent(tag)}/currentwar`);
    });

    it('reports a private war log clearly', async () => {
      const error = await caught(client().getWarStatus(STUB_TAGS.clanPrivateLog));
      expect(error.kind).toBe('war_log_private');
      expect(error.status).toBe(403);
      expect(error.reason).toBe('accessDenied');
      expect(error.message).toContain('private war log');
    });

    it('throws not_found for an unknown clan', async () => {
      expect((await caught(client().getWarStatus('#2222222'))).kind).toBe('not_found');
    });
  });

  describe('retries', () => {
    it('retries 429 honouring Retry-After, then succeeds', async () => {
      stub.failNext(2, { status: 429, retryAfter: 2 });
      await expect(client().getPlayer(STUB_TAGS.leader)).resolves.toMatchObject({ name: 'Stub Leader' });
      expect(stub.countRequests()).toBe(3);
      expect(delays).toEqual([2000, 2000]);
    });

    it('retries 503 with growing jittered backoff, then succeeds', async () => {
      stub.failNext(3, { status: 503 });
      await expect(client({ random: () => 0 }).getClan(STUB_TAGS.clanTitans)).resolves.not.toBeNull();
      expect(stub.countRequests()).toBe(4);
      expect(delays).toEqual([2, 4, 8]);
    });

    it('really waits between attempts when no sleep is injected', async () => {
      stub.failNext(2, { status: 503 });
      const timers = vi.spyOn(globalThis, 'setTimeout');
      const api = new CocApiClient({
        apiKey: stub.apiKey,
        baseUrl: stub.baseUrl,
        backoffBaseMs: 20,
        random: () => 0,
      });
      await expect(api.getPlayer(STUB_TAGS.leader)).resolves.not.toBeNull();
      // Equal jitter with random 0 waits half of each window: 10 ms, then 20 ms, on the real timer.
      const waits = timers.mock.calls.map((call) => call[1]).filter((ms) => ms === 10 || ms === 20);
      timers.mockRestore();
      expect(waits).toEqual([10, 20]);
    });

    it('gives up after 3 retries with a clear error', async () => {
      stub.failNext(10, { status: 503 });
      const error = await caught(client().getPlayer(STUB_TAGS.leader));
      expect(error.kind).toBe('unavailable');
      expect(error.attempts).toBe(4);
      expect(error.status).toBe(503);
      expect(error.reason).toBe('inMaintenance');
      expect(error.message).toMatch(
        /GET \/players\/%23P2Y9LQ0: HTTP 503 inMaintenance.*gave up after 4 attempts/,
      );
      expect(stub.countRequests()).toBe(4);
    });

    it('gives up on persistent 429 as rate_limited', async () => {
      stub.failNext(10, { status: 429 });
      const error = await caught(client().getClan(STUB_TAGS.clanTitans));
      expect(error.kind).toBe('rate_limited');
      expect(error.reason).toBe('requestThrottled');
      expect(stub.countRequests()).toBe(4);
    });

    it('does not wait out a Retry-After longer than allowed', async () => {
      stub.failNext(1, { status: 429, retryAfter: 120 });
      const error = await caught(client().getPlayer(STUB_TAGS.leader));
      expect(error.kind).toBe('rate_limited');
      expect(error.message).toContain('asked to wait 120 s');
      expect(delays).toEqual([]);
    });

    it('does not retry other 4xx', async () => {
      stub.setRejectIp(true);
      const error = await caught(client().getPlayer(STUB_TAGS.leader));
      expect(error.kind).toBe('unavailable');
      expect(error.reason).toBe('accessDenied.invalidIp');
      expect(error.message).toContain('API key does not allow access from IP');
      expect(stub.countRequests()).toBe(1);
    });

    it('reports a wrong key as unavailable, even on the war endpoint', async () => {
      const error = await caught(client({ apiKey: 'wrong' }).getWarStatus(STUB_TAGS.clanTitans));
      expect(error.kind).toBe('unavailable');
      expect(error.message).toContain('Invalid authorization');
    });

    it('times out slow answers and retries them', async () => {
      stub.setDelayMs(200);
      const error = await caught(client({ timeoutMs: 50, maxRetries: 1 }).getPlayer(STUB_TAGS.leader));
      expect(error.kind).toBe('unavailable');
      expect(error.message).toContain('no answer within 50 ms');
      expect(error.attempts).toBe(2);
    });
  });

  describe('cache', () => {
    it('serves repeated GETs within max-age from memory', async () => {
      stub.setMaxAge(60);
      let now = 1_000_000;
      const api = client({ now: () => now });
      await api.getClan(STUB_TAGS.clanTitans);
      await api.getClan(STUB_TAGS.clanTitans);
      expect(stub.countRequests('/v1/clans/%232PP0QJ8Y')).toBe(1);

      now += 60_000;
      await api.getClan(STUB_TAGS.clanTitans);
      expect(stub.countRequests('/v1/clans/%232PP0QJ8Y')).toBe(2);
    });

    it('does not cache without max-age, nor POSTs, nor errors', async () => {
      const api = client();
      await api.getPlayer(STUB_TAGS.leader);
      await api.getPlayer(STUB_TAGS.leader);
      stub.setMaxAge(60);
      await api.verifyPlayerToken(STUB_TAGS.leader, 'stub-token-leader');
      await api.verifyPlayerToken(STUB_TAGS.leader, 'stub-token-leader');
      await api.getPlayer('#2222222');
      await api.getPlayer('#2222222');
      expect(stub.countRequests()).toBe(6);
    });

    it('shares one request between concurrent identical GETs', async () => {
      const api = client();
      const [a, b] = await Promise.all([api.getClan(STUB_TAGS.clanAtWar), api.getClan(STUB_TAGS.clanAtWar)]);
      expect(a).toEqual(b);
      expect(stub.countRequests()).toBe(1);
    });
  });

  describe('not supported by the official API', () => {
    it('createWar and onWarResult throw not_supported', async () => {
      const api = client();
      expect(api.capabilities).toEqual({ createWar: false, warResults: false });
      const error = await caught(
        api.createWar({
          matchSeriesId: 'm1',
          home: { clanTag: STUB_TAGS.clanTitans, playerTags: [] },
          away: { clanTag: STUB_TAGS.clanAtWar, playerTags: [] },
        }),
      );
      expect(error.kind).toBe('not_supported');
      expect(() => api.onWarResult(() => {})).toThrow(/does not push war results/);
    });
  });
});

describe('API keys', () => {
  it('rotates over the comma-separated keys', async () => {
    await stub.close();
    stub = await startCocApiStub({ apiKey: 'key-a', extraApiKeys: ['key-b'] });
    const api = client({ apiKey: 'key-a, key-b' });
    await api.getPlayer(STUB_TAGS.leader);
    await api.getPlayer(STUB_TAGS.elder);
    await api.getPlayer(STUB_TAGS.member);
    expect(stub.requests.map((r) => r.authorization)).toEqual([
      'Bearer key-a',
      'Bearer key-b',
      'Bearer key-a',
    ]);
    expect(api.stats().callsPerKey).toEqual([2, 1]);
  });

  it('throttles each key to its requests per second', async () => {
    const api = client({ requestsPerSecondPerKey: 2, now: () => 1_000_000 });
    await Promise.all([
      api.getPlayer(STUB_TAGS.leader),
      api.getPlayer(STUB_TAGS.elder),
      api.getPlayer(STUB_TAGS.member),
    ]);
    // One key at 2/s: the second request waits 500 ms, the third 1000 ms.
    expect(delays).toEqual([500, 1000]);
  });

  it('counts calls and errors', async () => {
    stub.failNext(1, { status: 503 });
    const api = client();
    await api.getPlayer(STUB_TAGS.leader);
    await api.getPlayer('#2222222');
    expect(api.stats()).toEqual({
      calls: 3,
      errors: 1,
      callsPerKey: [3],
      byStatus: { '503': 1, '200': 1, '404': 1 },
    });
  });
});
