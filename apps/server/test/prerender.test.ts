import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerNotFound } from '../src/http/not-found.js';
import { loadPrerenderer } from '../src/http/prerender.js';
import { registerStaticWeb } from '../src/http/static-web.js';

/*
 * Issue 33: a web build with a server renderer (<dist>/server/entry-server.js, apps/web/ssr-bundle.ts)
 * answers its public pages with their HTML. A stand-in renderer with the real one's interface: it
 * names the page, counts its renders and asks the hub's API through the fetch the hub gives it.
 */
const STUB_RENDERER = `
let renders = 0;
export function isPrerendered(path) { return !path.startsWith('/my-clan'); }
export function variantOf(path, headers) { return headers.get('accept-language') ?? ''; }
export function createRenderer(template, apiFetch) {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/town-hall-cup') return { kind: 'redirect', status: 302, location: '/town-hall-cup/15' };
    renders += 1;
    const answer = await (await apiFetch('/api/ping', { headers: { accept: 'text/plain' } })).text();
    const pad = url.pathname === '/statistics' ? '<p>' + 'standings '.repeat(400) + '</p>' : '';
    const body = pad + '<h1>' + url.pathname + ' #' + renders + ' ' + answer + ' ' + (request.headers.get('accept-language') ?? '') + '</h1>';
    return { kind: 'page', status: url.pathname === '/world-finals/day-9' ? 404 : 200, html: template.replace('<!--app-->', body) };
  };
}
`;

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cwh-prerender-'));
  mkdirSync(join(dir, 'server'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-1.css'), 'body{color:#fff}');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>hub</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="stylesheet" crossorigin href="/assets/gone-2.css"><div id="root"><!--app--></div>',
  );
  writeFileSync(join(dir, 'server', 'entry-server.js'), STUB_RENDERER);
  return dir;
}

describe('static web with the server renderer', () => {
  const dir = webDist();
  const app = Fastify();

  beforeAll(async () => {
    app.get('/api/ping', async () => 'pong');
    const spa = await registerStaticWeb(app, dir);
    expect(spa !== false && spa.prerender !== null).toBe(true);
    registerNotFound(app, spa);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/fr/competition', '/leaderboard'])('%s is the rendered page, as HTML', async (url) => {
    const res = await app.inject({ url, headers: { 'accept-language': 'fr-FR' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(new RegExp(`<div id="root"><h1>${url} #\\d+ pong fr-FR</h1></div>`));
  });

  it('sends a page brotli- or gzip-compressed as the browser accepts, the same HTML once decoded', async () => {
    const plain = await app.inject({ url: '/statistics', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const html = plain.body.replace(/ #\d+ /, ' ');
    expect(html).toContain('standings standings');
    const cases = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, br;q=0', 'gzip', gunzipSync],
    ] as const;
    for (const [accept, encoding, decode] of cases) {
      const res = await app.inject({ url: '/statistics', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 4);
      expect(
        decode(res.rawPayload)
          .toString('utf8')
          .replace(/ #\d+ /, ' '),
      ).toBe(html);
    }
    // A small page goes as it is: compressing it would save less than its headers.
    const small = await app.inject({ url: '/leaderboard', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('inlines the stylesheets in a rendered page, each link kept disabled; the app shell keeps its links', async () => {
    const page = await app.inject({ url: '/leaderboard' });
    expect(page.body).toContain(
      '<style data-href="/assets/index-1.css">body{color:#fff}</style><link rel="stylesheet" href="/assets/index-1.css" disabled>',
    );
    // A stylesheet the build does not have is left as it was.
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/gone-2.css">');
    const shell = await app.inject({ url: '/my-clan' });
    expect(shell.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(shell.body).not.toContain('<style');
  });

  it('a page the renderer leaves to the browser gets the app shell', async () => {
    const res = await app.inject({ url: '/my-clan' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><!--app--></div>');
  });

  it("passes the renderer's redirect and not-found status on; an unknown page stays a 404", async () => {
    const redirect = await app.inject({ url: '/town-hall-cup' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/town-hall-cup/15');
    expect((await app.inject({ url: '/world-finals/day-9' })).statusCode).toBe(404);
    const unknown = await app.inject({ url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<h1>/no/such/page');
  });

  it("never sends the renderer's own files", async () => {
    const res = await app.inject({ url: '/server/entry-server.js' });
    expect(res.body).not.toContain('createRenderer');
  });
});

describe('prerendered pages cache', () => {
  const dir = webDist();
  const app = Fastify();
  let time = 0;

  beforeAll(async () => {
    app.get('/api/ping', async () => 'pong');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reuses a page for its variant until it expires, and renders each variant on its own', async () => {
    const prerender = await loadPrerenderer(app, dir, { cacheMs: 2_000, clock: () => time });
    const request = (url: string, language = 'en') =>
      ({ url, headers: { 'accept-language': language } }) as Parameters<
        NonNullable<typeof prerender>['render']
      >[0];
    const html = async (url: string, language?: string) => {
      const page = await prerender?.render(request(url, language));
      return page?.kind === 'page' ? page.html : '';
    };
    const first = await html('/schedule');
    time = 1_999;
    expect(await html('/schedule')).toBe(first);
    const french = await html('/schedule', 'fr');
    expect(french).not.toBe(first);
    expect(french).toContain(' fr</h1>');
    time = 2_000;
    const renewed = await html('/schedule');
    expect(renewed).not.toBe(first);
    expect(renewed).toMatch(/#\d+ pong en/);
    expect(await prerender?.render(request('/my-clan'))).toBeNull();
  });
});
