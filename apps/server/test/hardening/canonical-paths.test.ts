import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIMULATOR_API } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { unsafePathReason } from '../../src/http/path-guard.js';
import {
  bearer,
  describeEachDatabase,
  jsonApiBody,
  jsonApiRequest,
  loginAsAdmin,
  testConfig,
} from '../harness.js';
import { T } from '../players/players-helpers.js';

/**
 * Issue #35: a gate that read the path as sent while the router decoded it let an anonymous caller
 * read every simulated player's API token through `/api/%73imulator/…` while the simulator was
 * closed. Every documented route (and the simulator's) is asked for under non-canonical spellings:
 * each is refused before routing, so no spelling reaches a route past a gate that read another path.
 */
const closed = { ...testConfig().hardening, simulatorOpen: false };

type Doc = { paths: Record<string, Record<string, unknown>> };

/** The path's spellings a gate reading the raw path would not recognise, and what each shows. */
function variants(path: string): [string, string][] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const letter = first.charCodeAt(0).toString(16);
  const last = path.lastIndexOf('/');
  const lastSegment = path.slice(last + 1);
  const out: [string, string][] = [
    ['an encoded letter in the first segment', `/%${letter}${first.slice(1)}/${tail}`],
    ['a leading double slash', `/${path}`],
    ['a double slash inside', `/${first}//${tail}`],
    ['a dot segment', `/${first}/./${tail}`],
    ['a dot-dot segment', `/${first}/x/../${tail}`],
    ['an encoded dot-dot segment', `/${first}/x/%2e%2e/${tail}`],
  ];
  if (/^[a-z]/i.test(lastSegment)) {
    const code = lastSegment.charCodeAt(0).toString(16).toUpperCase();
    out.push([
      'an encoded letter in the last segment',
      `${path.slice(0, last)}/%${code}${lastSegment.slice(1)}`,
    ]);
  }
  return out;
}

/**
 * Over a real socket with the path exactly as written: the injector parses the URL and resolves
 * dot segments before the app sees them, which a hostile client's request line does not.
 */
function rawRequest(port: number, method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x1').replace(/:[A-Za-z]+/g, 'x1');

describe('canonical paths (pure rule)', () => {
  it.each([
    ['/api/simulator/1.0/players', null],
    ['/api/hub/1.0/players/%23LQ2Y000', null],
    ['/fr/competition/', null],
    ['/api/%73imulator/1.0/players', 'The path must not percent-encode letters, digits or -._~'],
    ['/api/simulator/1%2E0/players', 'The path must not percent-encode letters, digits or -._~'],
    ['//api/simulator/1.0/players', 'The path must not contain empty segments (//)'],
    ['/api/./simulator/1.0/players', 'The path must not contain . or .. segments'],
    ['/api/x/%2E%2e/simulator/1.0/players', 'The path must not percent-encode letters, digits or -._~'],
    ['/api/x/../simulator/1.0/players?x=1', 'The path must not contain . or .. segments'],
  ])('%s → %s', (path, reason) => {
    expect(unsafePathReason(path)).toBe(reason);
  });
});

describeEachDatabase(
  'every route answers one spelling of its path',
  (ctx) => {
    it('refuses every non-canonical spelling of every documented and simulator route, before any gate', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
      const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: concrete(path) })),
      );
      routes.push(
        { method: 'GET', path: `${SIMULATOR_API}/players` },
        { method: 'PATCH', path: `${SIMULATOR_API}/players/x1` },
        { method: 'GET', path: '/metrics' },
      );
      expect(routes.length).toBeGreaterThan(150);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      let asked = 0;
      for (const route of routes) {
        for (const [why, url] of variants(route.path)) {
          const response = await rawRequest(port, route.method, url);
          const where = `${route.method} ${url} (${why})`;
          expect(response.status, where).toBe(400);
          expect(JSON.parse(response.body).errors[0].code, where).toBe('VALIDATION_FAILED');
          asked++;
        }
      }
      console.log(`[canonical paths] ${routes.length} routes, ${asked} non-canonical requests refused`);
    }, 120_000);

    it('the simulator stays closed to an anonymous caller however its path is spelt; nothing moves', async () => {
      const encoded = `/api/%73imulator/1.0/players`;
      expect((await ctx.app.inject({ method: 'GET', url: encoded })).statusCode).toBe(400);
      expect((await ctx.app.inject({ method: 'GET', url: `${SIMULATOR_API}/players` })).statusCode).toBe(401);
      const move = await ctx.app.inject(
        jsonApiRequest({
          method: 'PATCH',
          url: `/api/%73imulator/1.0/players/${encodeURIComponent(T.member)}`,
          payload: jsonApiBody({ clanTag: null }),
        }),
      );
      expect(move.statusCode).toBe(400);
      const admin = await loginAsAdmin(ctx.app);
      const member = await ctx.app.inject({
        method: 'GET',
        url: `${SIMULATOR_API}/players/${encodeURIComponent(T.member)}`,
        headers: bearer(admin.token.value),
      });
      expect(member.json().data.attributes.clanTag).not.toBeNull();
    });
  },
  { config: { hardening: closed } },
);
