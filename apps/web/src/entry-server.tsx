import { isLocale, type Locale, NON_STANDARD_LANGUAGE_LOCALES, SPA_PAGES } from '@cwh/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { runInitialLoad } from './features/session/initial-load';
import { addAllBundlesForTests, initI18n } from './i18n/i18n';
import { detectRequestLocale, HTML_LANG, NON_STANDARD_LANGUAGE_CLASS } from './i18n/locale';
import { readCookie } from './lib/cookies';
import { renderTimesIn } from './lib/dates';
import { CUP_LEVEL_COOKIE } from './routes/finals-loaders';
import { HOME_TAB_COOKIE } from './routes/home-loader';
import type { RootData } from './routes/root-loader';
import { routes } from './routes/route-table';

/**
 * The server renderer (issue 33): the public pages' HTML with React DOM's server renderer, over the
 * browser's own route table and loaders, so the page shows its content before any script runs and
 * main.tsx hydrates it with the same data (a JSON block, `#router-hydration-data`). Built by
 * ssr-bundle.ts into `<web build>/server/entry-server.js`; the hub imports it
 * (apps/server/src/http/prerender.ts) and gives it the API (`ApiFetch`, Fastify's inject).
 */

/** How the renderer reaches the hub's API: a fetch of an `/api/…` path, answered in-process. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type Rendered =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; status: number; location: string };

/** The public pages the server renders (spec 2's public pages and the error pages; else: the app shell). */
const PRERENDERED = new Set<string>([
  SPA_PAGES.competition,
  SPA_PAGES.leaderboard,
  SPA_PAGES.schedule,
  SPA_PAGES.worldFinals,
  SPA_PAGES.worldFinalsDay,
  SPA_PAGES.townHallCup,
  SPA_PAGES.townHallCupLevel,
  SPA_PAGES.error,
  SPA_PAGES.errorCode,
  SPA_PAGES.fatalError,
  SPA_PAGES.fatalErrorMessage,
  SPA_PAGES.support,
  '*',
]);

/** Whether `pathname` is a page the server renders (else the hub sends the app shell, index.html). */
export function isPrerendered(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  if (!leaf || matches?.[0]?.route.id !== 'root') return false;
  return leaf.index === true || PRERENDERED.has(leaf.path ?? '');
}

/**
 * What the page's HTML depends on besides its URL: the language detected from the request and the
 * remembered home tab (the hub caches rendered pages under this key for a short while).
 */
export function variantOf(pathname: string, headers: Headers): string {
  const locale = detectRequestLocale(pathname, headers);
  const cookies = headers.get('cookie') ?? '';
  return [locale, readCookie(HOME_TAB_COOKIE, cookies), readCookie(CUP_LEVEL_COOKIE, cookies)].join('|');
}

/** JSON for an inline script: nothing in it can close the script or end a line of JavaScript. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** React Router's client reads errors back in this shape (as its own StaticRouterProvider writes them). */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) out[id] = { message: error.message, __type: 'Error' };
    else out[id] = error;
  }
  return out;
}

/**
 * A loader's data given unawaited (the home's events, shown at once in the browser with a loading
 * card) is awaited here: the HTML carries the data, and `<Await>` renders a value that is not a
 * promise as it is, on the server and at hydration alike.
 */
async function settleDeferred(loaderData: Record<string, unknown>): Promise<void> {
  for (const data of Object.values(loaderData)) {
    if (typeof data !== 'object' || data === null || data instanceof Response) continue;
    const record = data as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (value instanceof Promise) record[key] = await value;
    }
  }
}

/**
 * The loaders' data for the hydration, as a JSON data block that main.tsx reads (the hub's CSP
 * refuses inline scripts; a data block is not one).
 */
const HYDRATION_DATA_ID = 'router-hydration-data';

/** The app shell's #root between these markers (apps/web/index.html) is replaced by the page. */
const OUTLET = /<!--app-->[\s\S]*<!--\/app-->/;

function documentFor(template: string, locale: Locale, body: string, hydration: string): string {
  const nonStandard = NON_STANDARD_LANGUAGE_LOCALES.includes(locale)
    ? ` class="${NON_STANDARD_LANGUAGE_CLASS}"`
    : '';
  return template
    .replace('<html lang="en">', `<html lang="${HTML_LANG[locale]}" data-locale="${locale}"${nonStandard}>`)
    .replace(OUTLET, () => body)
    .replace(
      '</body>',
      () => `<script type="application/json" id="${HYDRATION_DATA_ID}">${hydration}</script></body>`,
    );
}

/** main.tsx's component of the same name, here rendering nothing too (the trees must match). */
const ViewerTimesAfterHydration = () => null;

/**
 * The renderer: `template` is the built index.html, `apiFetch` answers the loaders' API requests.
 * Every language's texts are loaded at once (the browser fetches them per page); the session is a
 * visitor's (its initial load done, nobody signed in).
 */
export function createRenderer(template: string, apiFetch: ApiFetch) {
  if (!OUTLET.test(template)) throw new Error('index.html has no <!--app--> … <!--/app--> outlet');
  const i18n = initI18n();
  addAllBundlesForTests(
    import.meta.glob<Record<string, unknown>>('./i18n/locales/*/*.json', { eager: true, import: 'default' }),
  );
  void runInitialLoad();
  // Dates in GMT: the page's hydration shows them so, then in the viewer's zone (main.tsx).
  renderTimesIn('UTC');
  // The loaders' API client fetches relative `/api/…` paths, which Node's fetch cannot resolve:
  // those go to the hub in-process, anything else to Node's own fetch.
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    typeof input === 'string' && input.startsWith('/') ? apiFetch(input, init) : nodeFetch(input, init);
  const handler = createStaticHandler(routes);

  return async function render(request: Request): Promise<Rendered | null> {
    const { pathname } = new URL(request.url);
    if (!isPrerendered(pathname)) return null;
    const context = await handler.query(request);
    if (context instanceof Response) {
      const location = context.headers.get('location');
      if (!location) return null;
      return { kind: 'redirect', status: context.status, location };
    }
    await settleDeferred(context.loaderData);
    const rootData = context.loaderData.root as RootData | undefined;
    const locale = rootData && isLocale(rootData.locale) ? rootData.locale : 'en';
    const router = createStaticRouter(handler.dataRoutes, context);
    // Synchronous from here: the shared i18n instance is in this page's language while it renders.
    void i18n.changeLanguage(locale);
    const body = renderToString(
      <StrictMode>
        <ViewerTimesAfterHydration />
        <I18nextProvider i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </I18nextProvider>
      </StrictMode>,
    );
    const hydration = scriptJson({
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    });
    return { kind: 'page', status: context.statusCode, html: documentFor(template, locale, body, hydration) };
  };
}
