import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the web's server renderer answers (apps/web/src/entry-server.tsx, built by ssr-bundle.ts). */
type Rendered =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; status: number; location: string };

interface RendererModule {
  createRenderer(
    template: string,
    apiFetch: (path: string, init?: RequestInit) => Promise<Response>,
  ): (request: Request) => Promise<Rendered | null>;
  isPrerendered(pathname: string): boolean;
  variantOf(pathname: string, headers: Headers): string;
}

/**
 * How long a rendered page is reused: the public pages show standings and live matches, so a
 * short while (a burst of visitors costs one render, a change shows within two seconds).
 */
export const PRERENDER_CACHE_MS = 2_000;
const MAX_CACHED = 500;

export interface Prerenderer {
  /** The page's HTML or redirect, or null for a page the browser renders itself (the app shell). */
  render(request: FastifyRequest): Promise<Rendered | null>;
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const name of ['cookie', 'accept-language']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return headers;
}

/**
 * The renderer's API requests, answered in-process by Fastify's inject (no socket): the same
 * routes, validation and answers a browser gets.
 */
function injectFetch(app: FastifyInstance) {
  return async (path: string, init: RequestInit = {}): Promise<Response> => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (typeof value === 'number') headers.set(name, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

/**
 * Loads the web build's server renderer when the build has one (`<webDist>/server/entry-server.js`;
 * an older build without it keeps the app shell for every page). Rendered pages are cached per URL
 * and visitor variant (language, home tab) for PRERENDER_CACHE_MS; concurrent requests for the
 * same page share one render.
 */
export async function loadPrerenderer(
  app: FastifyInstance,
  webDist: string,
  { cacheMs = PRERENDER_CACHE_MS, clock = Date.now }: { cacheMs?: number; clock?: () => number } = {},
): Promise<Prerenderer | null> {
  const entry = join(webDist, 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const render = module.createRenderer(template, injectFetch(app));
  const cache = new Map<string, { until: number; page: Promise<Rendered | null> }>();

  return {
    render(request) {
      const path = request.url.split('?')[0] ?? request.url;
      if (!module.isPrerendered(path)) return Promise.resolve(null);
      const headers = headersOf(request);
      const key = `${request.url}|${module.variantOf(path, headers)}`;
      const now = clock();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.page;
      if (cache.size >= MAX_CACHED) {
        for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
        if (cache.size >= MAX_CACHED) cache.clear();
      }
      const page = render(new Request(new URL(request.url, 'http://hub.local'), { headers }));
      cache.set(key, { until: now + cacheMs, page });
      page.catch(() => cache.delete(key));
      return page;
    },
  };
}
