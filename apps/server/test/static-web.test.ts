import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerNotFound } from '../src/http/not-found.js';
import { registerStaticWeb } from '../src/http/static-web.js';

/*
 * The web build is served precompressed: the .br / .gz copies written at build time go
 * out as they are to clients that accept them; hashed assets are cached for a year, the shell revalidates.
 */
describe('static web: precompressed assets and HTTP caching', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cwh-static-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>hub</title>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    const spa = await registerStaticWeb(app, dir);
    expect(spa).toEqual({ prerender: null });
    registerNotFound(app, spa);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('Accept-Encoding %s → the %s copy, cached for a year', async (accept, encoding) => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('the shell is revalidated on every visit', async () => {
    const res = await app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
  });

  it.each([
    '/',
    '/competition',
    '/fr/competition',
    '/my-clan/kick/%23ABC123',
    '/jp/registration/profile/gate',
    '/error/26',
    '/world-finals/day-2',
    '/town-hall-cup/12',
    '/zh_TW/broadcast/seg-1',
    '/admin/events/1',
    '/schedule/',
  ])('a page of the route table (%s) gets the SPA shell with 200', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>hub</title>');
  });

  it.each([
    '/this/does/not/exist',
    '/fr/nope',
    '/xx/competition',
    '/world-finals/day-4',
    '/town-hall-cup/17',
    '/broadcast',
    '/my-clan/kick',
  ])(
    'an unknown page (%s) answers 404 with the SPA shell, which says the page could not be found',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>hub</title>');
    },
  );

  it('an unknown API route stays a JSON:API 404', async () => {
    const res = await app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('NOT_FOUND');
  });
});
