import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** Below this a compressed page saves less than its own headers (as apps/web/precompress.ts). */
const MIN_COMPRESSED_BYTES = 1024;
type Encoding = 'br' | 'gzip';
const encodedPages = new WeakMap<Rendered, Map<Encoding, Buffer>>();

/** The encoding to send a page with, by the request's Accept-Encoding (brotli first), or null. */
export function pageEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A rendered page's HTML as it goes on the wire: brotli (quality 5: a 65 kB page in about a
 * millisecond, a third of gzip's size) or gzip, compressed once per cached page and encoding
 * (the page object lives as long as its cache entry), or the plain text.
 */
export function encodedPage(
  page: Extract<Rendered, { kind: 'page' }>,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding: Encoding | null } {
  const encoding = pageEncoding(acceptEncoding);
  if (!encoding || Buffer.byteLength(page.html) < MIN_COMPRESSED_BYTES)
    return { body: page.html, encoding: null };
  const byEncoding = encodedPages.get(page) ?? new Map<Encoding, Buffer>();
  encodedPages.set(page, byEncoding);
  let body = byEncoding.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(page.html, { level: 6 });
    byEncoding.set(encoding, body);
  }
  return { body, encoding };
}

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

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The page template with its stylesheets inlined: a prerendered page paints as soon as its HTML is
 * in, instead of after its CSS, which the browser fetches alongside some thirty script preloads
 * that share the phone's bandwidth (bench `fcp`: the CSS ended with the scripts, 1.5 s after the
 * HTML). Each link stays, `disabled` (never fetched), so the build's preload helper, which loads
 * a lazy chunk's CSS unless a stylesheet link of that address exists, does not fetch it again.
 * A file the build does not have keeps its plain link.
 */
export function inlineStylesheets(template: string, webDist: string): string {
  return template.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = join(webDist, href);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8').replaceAll('</style', '<\\/style');
    return `<style data-href="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}

/**
 * Loads the web build's server renderer when the build has one (`<webDist>/server/entry-server.js`;
 * an older build without it keeps the app shell for every page). Rendered pages are cached per URL
 * and visitor variant (language, home tab) for PRERENDER_CACHE_MS; concurrent requests for the
 * same page share one render. No page is sent once expired: a visitor who reloads to see a new
 * result must get it (the HTML carries the router's data, which the page hydrates without fetching).
 */
export async function loadPrerenderer(
  app: FastifyInstance,
  webDist: string,
  { cacheMs = PRERENDER_CACHE_MS, clock = Date.now }: { cacheMs?: number; clock?: () => number } = {},
): Promise<Prerenderer | null> {
  const entry = join(webDist, 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  const template = inlineStylesheets(readFileSync(join(webDist, 'index.html'), 'utf8'), webDist);
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
      const entry = { until: now + cacheMs, page };
      cache.set(key, entry);
      page.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      return page;
    },
  };
}
