import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubData } from './coc-api-stub-data.js';
import { defaultStubData } from './coc-api-stub-fixtures.js';

/**
 * A stand-in for api.clashofclans.com that answers in the official response shapes, for tests and
 * for running the official client locally without a developer key. Listens on 127.0.0.1, port 0.
 */

export type { OfficialRole, StubClan, StubData, StubPlayer } from './coc-api-stub-data.js';

export interface StubFailure {
  status: 429 | 500 | 502 | 503;
  /** Seconds, sent as the Retry-After header. */
  retryAfter?: number;
}

export interface RecordedRequest {
  method: string;
  /** As received, before percent-decoding, so tests can check tags were sent as %23. */
  rawPath: string;
  authorization: string | undefined;
  body: unknown;
}

export interface CocApiStub {
  /** Ends in /v1, like the official base URL. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly data: StubData;
  readonly requests: RecordedRequest[];
  /** Requests whose raw path (without query) equals the given one, e.g. '/v1/clans/%232PP'. */
  countRequests(rawPath?: string): number;
  /** The next `times` requests fail with the given status before normal answers resume. */
  failNext(times: number, failure: StubFailure): void;
  /** Adds `Cache-Control: max-age=<seconds>` to successful answers; null removes it. */
  setMaxAge(seconds: number | null): void;
  /** Simulates a key used from an IP address it was not created for. */
  setRejectIp(reject: boolean): void;
  /** Holds every answer back, to exercise client timeouts. */
  setDelayMs(ms: number): void;
  close(): Promise<void>;
}

export interface CocApiStubOptions {
  apiKey?: string;
  /** More keys the stub accepts, to test the client's key rotation. */
  extraApiKeys?: string[];
  data?: StubData;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const officialError = (status: number, reason: string, message: string): Answer => ({
  status,
  body: { reason, message },
});

const notFound = () => officialError(404, 'notFound', 'Resource was not found.');

const FAILURE_BODIES: Record<StubFailure['status'], { reason: string; message: string }> = {
  429: {
    reason: 'requestThrottled',
    message:
      'Request was throttled, because amount of requests was above the threshold defined for the used API token.',
  },
  500: { reason: 'unknownException', message: 'Unknown error happened when handling the request.' },
  502: { reason: 'unknownException', message: 'Bad gateway.' },
  503: { reason: 'inMaintenance', message: 'Service is temporarily unavailable because of maintenance.' },
};

export async function startCocApiStub(options: CocApiStubOptions = {}): Promise<CocApiStub> {
  const apiKey = options.apiKey ?? 'stub-api-key';
  const acceptedKeys = [apiKey, ...(options.extraApiKeys ?? [])];
  // Copied so one test's changes never leak into another's stub.
  const data: StubData = structuredClone(options.data ?? defaultStubData);
  const requests: RecordedRequest[] = [];
  const failures: StubFailure[] = [];
  let maxAge: number | null = null;
  let rejectIp = false;
  let delayMs = 0;

  const answer = (
    method: string,
    rawPath: string,
    authorization: string | undefined,
    body: unknown,
  ): Answer => {
    if (rejectIp) {
      return officialError(
        403,
        'accessDenied.invalidIp',
        'Invalid authorization: API key does not allow access from IP 127.0.0.1',
      );
    }
    if (!acceptedKeys.some((key) => authorization === `Bearer ${key}`))
      return officialError(403, 'accessDenied', 'Invalid authorization');
    const failure = failures.shift();
    if (failure) {
      const { reason, message } = FAILURE_BODIES[failure.status];
      return {
        ...officialError(failure.status, reason, message),
        headers: failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
      };
    }
    const route = matchRoute(method, rawPath);
    if (!route) return notFound();
    const cacheHeaders: Record<string, string> =
      maxAge === null ? {} : { 'cache-control': `public max-age=${maxAge}` };
    const found = route.handler(data, route.tag, body);
    return found.status === 200 ? { ...found, headers: { ...cacheHeaders, ...found.headers } } : found;
  };

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const method = req.method ?? 'GET';
    requests.push({ method, rawPath, authorization: req.headers.authorization, body });
    const result = answer(method, rawPath, req.headers.authorization, body);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;
    res.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8', ...result.headers });
    res.end(JSON.stringify(result.body));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    data,
    requests,
    countRequests: (rawPath) => requests.filter((r) => rawPath === undefined || r.rawPath === rawPath).length,
    failNext(times, failure) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    setMaxAge(seconds) {
      maxAge = seconds;
    },
    setRejectIp(reject) {
      rejectIp = reject;
    },
    setDelayMs(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Handler = (data: StubData, tag: string, body: unknown) => Answer;

const ROUTES: Array<{ method: string; pattern: RegExp; handler: Handler }> = [
  { method: 'POST', pattern: /^\/v1\/players\/([^/]+)\/verifytoken$/, handler: verifyToken },
  { method: 'GET', pattern: /^\/v1\/players\/([^/]+)$/, handler: player },
  { method: 'GET', pattern: /^\/v1\/clans\/([^/]+)\/currentwar$/, handler: currentWar },
  { method: 'GET', pattern: /^\/v1\/clans\/([^/]+)\/currentwar\/leaguegroup$/, handler: leagueGroup },
  { method: 'GET', pattern: /^\/v1\/clans\/([^/]+)\/warlog$/, handler: warLog },
  { method: 'GET', pattern: /^\/v1\/clanwarleagues\/wars\/([^/]+)$/, handler: leagueWar },
  { method: 'GET', pattern: /^\/v1\/clans\/([^/]+)$/, handler: clan },
];

function matchRoute(method: string, rawPath: string): { handler: Handler; tag: string } | null {
  for (const route of ROUTES) {
    const match = route.pattern.exec(rawPath);
    // Like the real API, a tag not sent as %23… is simply not found.
    if (route.method === method && match?.[1]?.startsWith('%23')) {
      return { handler: route.handler, tag: decodeURIComponent(match[1]).toUpperCase() };
    }
  }
  return null;
}

function verifyToken(data: StubData, tag: string, body: unknown): Answer {
  const found = data.players.find((p) => p.tag === tag);
  if (!found) return notFound();
  const token = typeof body === 'object' && body !== null && 'token' in body ? String(body.token) : '';
  return { status: 200, body: { tag, token, status: token === found.apiToken ? 'ok' : 'invalid' } };
}

function player(data: StubData, tag: string): Answer {
  const found = data.players.find((p) => p.tag === tag);
  if (!found) return notFound();
  const clanOfPlayer = data.clans.find((c) => c.tag === found.clanTag);
  return {
    status: 200,
    body: {
      tag: found.tag,
      name: found.name,
      townHallLevel: found.townHallLevel,
      expLevel: 200,
      trophies: 5000,
      ...(clanOfPlayer
        ? {
            clan: {
              tag: clanOfPlayer.tag,
              name: clanOfPlayer.name,
              clanLevel: clanOfPlayer.clanLevel,
              badgeUrls: {},
            },
            role: found.role ?? 'member',
          }
        : {}),
    },
  };
}

function clan(data: StubData, tag: string): Answer {
  const found = data.clans.find((c) => c.tag === tag);
  if (!found) return notFound();
  const memberList = data.players
    .filter((p) => p.clanTag === tag)
    .map((p, index) => ({
      tag: p.tag,
      name: p.name,
      role: p.role ?? 'member',
      townHallLevel: p.townHallLevel,
      expLevel: 200,
      clanRank: index + 1,
    }));
  return {
    status: 200,
    body: {
      tag: found.tag,
      name: found.name,
      type: 'inviteOnly',
      clanLevel: found.clanLevel,
      isWarLogPublic: found.isWarLogPublic,
      members: memberList.length,
      memberList,
    },
  };
}

// The recorded answer for a private war log carries a reason and no message (ACCESSDENIED.json).
const privateLog = (): Answer => ({ status: 403, body: { reason: 'accessDenied' } });

function currentWar(data: StubData, tag: string): Answer {
  const found = data.clans.find((c) => c.tag === tag);
  if (!found) return notFound();
  if (!found.isWarLogPublic) return privateLog();
  if (found.currentWar.clan !== undefined) return { status: 200, body: found.currentWar };
  return {
    status: 200,
    body: {
      ...found.currentWar,
      teamSize: 5,
      attacksPerMember: 1,
      clan: { tag: found.tag, name: found.name },
    },
  };
}

function warLog(data: StubData, tag: string): Answer {
  const found = data.clans.find((c) => c.tag === tag);
  if (!found) return notFound();
  if (!found.isWarLogPublic) return privateLog();
  return { status: 200, body: found.warLog ?? { items: [], paging: { cursors: {} } } };
}

function leagueGroup(data: StubData, tag: string): Answer {
  const found = data.clans.find((c) => c.tag === tag);
  if (!found?.leagueGroup) return notFound();
  return { status: 200, body: found.leagueGroup };
}

function leagueWar(data: StubData, warTag: string): Answer {
  const war = data.leagueWars?.[warTag];
  return war === undefined ? notFound() : { status: 200, body: war };
}
