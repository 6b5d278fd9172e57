import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@cwh/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase, jsonApiRequest, startTestApp, testConfig } from '../harness.js';

const LOG = `${API.log}/log`;
const EVENTS = `${API.tournaments}/events`;

/** A minimal built web app, so the static file server is in the request path. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cwh-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>hub</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

describeEachDatabase(
  'hostile input is a 400 or 404, never a 500',
  (ctx) => {
    it.each([
      ['encoded NUL in a static path', '/assets/app.js%00.png', 400],
      ['encoded backslash in a static path', '/assets%5C..%5Cindex.html', 400],
      ['a static segment over 255 characters', `/${'a'.repeat(256)}.js`, 400],
      ['an API parameter over 255 characters', `${EVENTS}/${'b'.repeat(300)}`, 400],
      // Up to the path guard's segment limit a parameter reaches the route's validation: a malformed id.
      ['an API parameter longer than any id', `${EVENTS}/${'b'.repeat(200)}`, 400],
    ])('%s', async (_why, url, status) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
    });

    it('still serves the web app and its files', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/fr/competition' })).statusCode).toBe(200);
    });

    it.each([
      ['NUL in the error text', { error: 'boom\u0000', url: '/' }],
      ['a lone surrogate in the url', { error: 'boom', url: '/\uD800' }],
      [
        'NUL deep inside meta.extras',
        { error: 'boom', url: '/', meta: { extras: { a: [{ b: 'x\u0000' }] } } },
      ],
      ['a lone surrogate as an extras key', { error: 'boom', url: '/', meta: { extras: { '\uDC00': 1 } } }],
    ])('a client log report with %s is refused with 400', async (_why, payload) => {
      const response = await ctx.app.inject(jsonApiRequest({ method: 'POST', url: LOG, payload }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
    });

    it.each([
      ['JSON:API', 'application/vnd.api+json'],
      ['plain JSON', 'application/json'],
    ])(
      'a %s body with a member written twice is refused with 400, the request not run',
      async (_kind, type) => {
        const login = `${API.users}/login`;
        const payload =
          '{"data":{"attributes":{"email":"a@example.com","password":"x","email":"admin@clanwarhub.local"}}}';
        const response = await ctx.app.inject({
          method: 'POST',
          url: login,
          headers: { 'content-type': type },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(response.json().errors[0].detail).toContain('"email" appears twice');
        const once = '{"data":{"attributes":{"email":"a@example.com","password":"wrong-password"}}}';
        const clean = await ctx.app.inject({
          method: 'POST',
          url: login,
          headers: { 'content-type': type },
          payload: once,
        });
        expect(clean.statusCode).toBe(401);
      },
    );

    it('a clean report with emoji is stored', async () => {
      const payload = { error: 'boom 🏆', url: '/', meta: { extras: { note: '部族' } } };
      const response = await ctx.app.inject(jsonApiRequest({ method: 'POST', url: LOG, payload }));
      expect(response.statusCode).toBe(201);
    });

    it('sends the security headers, frame-ancestors from FRAME_ANCESTORS', async () => {
      for (const url of ['/fr/ladder', EVENTS]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'self' https://webview.game.test");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    });

    it('exposes Prometheus metrics: requests per route pattern, ladder gauges, sockets, game calls', async () => {
      await ctx.app.inject({ method: 'GET', url: EVENTS });
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      const text = response.body;
      expect(text).toMatch(
        /cwh_http_request_duration_seconds_count\{method="GET",route="\/api\/tournaments\/1\.0\/events",status="200"\} \d+/,
      );
      expect(text).toContain('cwh_match_ups_awaiting_accept 0');
      expect(text).toContain('cwh_match_up_accept_timeouts 0');
      expect(text).toContain('cwh_open_sockets 0');
      expect(text).toContain('# TYPE cwh_ladder_queue_length gauge');
      expect(text).toContain('# TYPE cwh_game_api_calls_total counter');
    });
  },
  {
    config: {
      webDist: fakeWebDist(),
      hardening: {
        ...testConfig().hardening,
        frameAncestors: ["'self'", 'https://webview.game.test'],
      },
    },
  },
);

describe('metrics token and load shedding', () => {
  let stop: (() => Promise<void>) | undefined;
  const pressure = { on: false };
  let app: Awaited<ReturnType<typeof startTestApp>>['context']['app'];
  beforeAll(async () => {
    const started = await startTestApp('pglite', {
      seed: false,
      config: { hardening: { ...testConfig().hardening, metrics: { access: 'token', token: 'scrape-me' } } },
      deps: { underPressure: async () => !pressure.on, pressureIntervalMs: 5 },
    });
    app = started.context.app;
    stop = started.stop;
  });
  afterAll(async () => stop?.());

  it('GET /metrics requires the configured bearer token', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const scraped = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-me' },
    });
    expect(scraped.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After under pressure, keeps /health alive, recovers', async () => {
    pressure.on = true;
    await vi.waitFor(async () => {
      expect((await app.inject({ method: 'GET', url: EVENTS })).statusCode).toBe(503);
    });
    const shed = await app.inject({ method: 'GET', url: EVENTS });
    expect(shed.headers['retry-after']).toBe('10');
    expect(shed.json().errors[0].code).toBe('SERVICE_UNAVAILABLE');
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    pressure.on = false;
    await vi.waitFor(async () => {
      expect((await app.inject({ method: 'GET', url: EVENTS })).statusCode).toBe(200);
    });
  });
});

describe('request and connection timeouts', () => {
  it('closes a connection whose request never finishes', async () => {
    const started = await startTestApp('pglite', {
      seed: false,
      config: {
        hardening: { ...testConfig().hardening, requestTimeoutMs: 300, connectionTimeoutMs: 300 },
      },
    });
    try {
      await started.context.app.listen({ port: 0, host: '127.0.0.1' });
      const address = started.context.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          // Headers promise a body that never comes.
          socket.write(
            `POST ${LOG} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"err`,
          );
        });
        let received = '';
        socket.on('data', (chunk) => {
          received += chunk.toString();
        });
        socket.on('close', () => resolve(received));
      });
      // Closed by the server; Node answers 408 when the request timeout cut it.
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    } finally {
      await started.stop();
    }
  }, 120_000);
});
