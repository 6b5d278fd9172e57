import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { loadPrerenderer, type Prerenderer } from './prerender.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The SPA is served; `prerender` renders its public pages (null: the build has no server renderer). */
export interface ServedSpa {
  prerender: Prerenderer | null;
}

/**
 * Serves the built SPA when present. Vite puts content-hashed files under /assets, which may be
 * cached forever; everything else (index.html above all) must be revalidated.
 * Returns whether the SPA is served, so the not-found handler knows to fall back to index.html, with
 * the build's server renderer (prerender.ts) for the public pages. Pages, `/` included, are never
 * files here: they go to the not-found handler; the renderer's own files (`/server/`) are not sent.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<ServedSpa | false> {
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
    index: false,
    allowedPath: (pathName) => !pathName.startsWith('/server/'),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  // `/` is the home page, rendered like the others (the not-found handler), not the directory's index.
  app.get('/', (_request, reply) => reply.callNotFound());
  const prerender = await loadPrerenderer(app, webDist);
  app.log.info({ webDist, prerender: prerender !== null }, 'serving web build');
  return { prerender };
}
