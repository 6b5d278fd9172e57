import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA when present. Vite puts content-hashed files under /assets, which may be
 * cached forever; everything else (index.html above all) must be revalidated.
 * Returns whether the SPA is served, so the not-found handler knows to fall back to index.html.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.info({ webDist }, 'web build not found, static serving disabled');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    cacheControl: false,
    // The web build ships .br and .gz copies of its files (apps/web/precompress.ts): sent as they
    // are to clients that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  app.log.info({ webDist }, 'serving web build');
  return true;
}
