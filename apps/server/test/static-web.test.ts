import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(await registerStaticWeb(app, dir)).toBe(true);
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
    expect(res.headers.etag).toBeTruthy();
  });
});
