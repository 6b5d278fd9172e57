import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaderOptions, securityHeadersOf } from './security-headers.js';

const FRAMERS = ["'self'", 'https://webview.game.test'];

describe('security headers (helmet, computed once)', () => {
  it('are the headers helmet sets for the hub options, CSP with frame-ancestors and no X-Frame-Options', () => {
    expect(securityHeadersOf(securityHeaderOptions(FRAMERS))).toEqual({
      'content-security-policy':
        "default-src 'self';base-uri 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: https:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
        "form-action 'self';frame-ancestors 'self' https://webview.game.test",
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it.each([
    [["'self'"], 'SAMEORIGIN'],
    [["'none'"], 'DENY'],
    [FRAMERS, undefined],
    [['https://webview.game.test'], undefined],
  ])('frame-ancestors %j: X-Frame-Options %s (it cannot name another origin)', (framers, expected) => {
    const headers = securityHeadersOf(securityHeaderOptions(framers));
    expect(headers['x-frame-options']).toBe(expected);
    expect(headers['content-security-policy']).toContain(`frame-ancestors ${framers.join(' ')}`);
  });

  it('a helmet option it refuses fails at start, not on a request', () => {
    expect(() =>
      securityHeadersOf({
        contentSecurityPolicy: { useDefaults: false, directives: { 'bad directive': [] } },
      }),
    ).toThrow();
  });

  it('every response carries them: a route, a 404, a thrown error', async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, FRAMERS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const expected = securityHeadersOf(securityHeaderOptions(FRAMERS));
    for (const [url, status] of [
      ['/ok', 200],
      ['/missing', 404],
      ['/boom', 500],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name]).toBe(value);
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
    await app.close();
  });
});
