import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Every API answer of the integration suite is checked against the JSON:API 1.0 schema by an
 * independent validator (the `jsonapi-validator` package, not code of this project).
 *
 * Which answers are JSON:API documents (docs/api/jsonapi.md):
 * - every JSON body under /api/ (application/vnd.api+json by default, application/json when the
 *   client asks for plain JSON: the same document), success and error alike;
 * - not: /api/openapi.json and /api/docs (documentation, their own media types), /health and /ready
 *   (probes, outside /api), bodiless answers (204, HEAD) and non-JSON answers (the QR code PNG,
 *   the web app's HTML).
 * A violation throws, so the test that made the request fails.
 */

const require = createRequire(import.meta.url);
const { Validator } = require('jsonapi-validator') as {
  Validator: new () => { validate(doc: unknown): void };
};
const validator = new Validator();

const NOT_JSONAPI = ['/api/openapi.json', '/api/docs'];
const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

export type DocumentKind = 'jsonapi' | 'plain' | 'none';

/** One checked (or deliberately skipped) answer. */
export interface CheckedAnswer {
  method: string;
  /** Route template when known (`/api/.../events/{id}`), else the path. */
  operation: string;
  status: number;
  kind: DocumentKind;
}

export class JsonApiViolation extends Error {}

function pathOf(url: string): string {
  return (url.split('?')[0] ?? url).replace(/\/+$/, '') || '/';
}

function isJsonApiRoute(path: string): boolean {
  return (path === '/api' || path.startsWith('/api/')) && !NOT_JSONAPI.some((p) => path.startsWith(p));
}

/**
 * Classifies an answer and validates it when it is a JSON:API document. A JSON:API media type always
 * needs a conforming document, wherever it is served.
 */
export function checkAnswer(
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: string,
): DocumentKind {
  const path = pathOf(url);
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const declared = mediaType === JSONAPI_MEDIA_TYPE;
  const json = declared || mediaType === 'application/json';
  if (body.length === 0) {
    if (declared && status !== 204 && method !== 'HEAD') {
      throw new JsonApiViolation(`${method} ${path} → ${status}: empty body with ${JSONAPI_MEDIA_TYPE}`);
    }
    return 'none';
  }
  if (!json || (!declared && !isJsonApiRoute(path))) return 'plain';
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    throw new JsonApiViolation(`${method} ${path} → ${status}: body is not JSON`);
  }
  try {
    validator.validate(document);
  } catch (error) {
    const errors = (error as { errors?: { dataPath?: string; message?: string; params?: unknown }[] }).errors;
    const lines = (errors ?? [])
      .map((e) => `  ${e.dataPath ?? ''} ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`)
      .join('\n');
    throw new JsonApiViolation(
      `${method} ${path} → ${status}: not a JSON:API 1.0 document\n${lines}\n${body.slice(0, 2000)}`,
    );
  }
  return 'jsonapi';
}

/** Matches concrete paths to the OpenAPI route templates, so records group by operation. */
function templateMatcher(app: FastifyInstance): (path: string) => string {
  let templates: { template: string; pattern: RegExp }[] | undefined;
  return (path) => {
    if (!templates) {
      const paths = Object.keys((app.swagger() as { paths?: Record<string, unknown> }).paths ?? {});
      templates = paths
        .map((template) => ({
          template,
          pattern: new RegExp(
            `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
          ),
        }))
        // Literal paths win over templated ones (`/match-series/deleted` before `/match-series/{id}`).
        .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
    }
    return templates.find((t) => t.pattern.test(path))?.template ?? path;
  };
}

/** Appends the record to JSONAPI_COVERAGE_FILE (one JSON line each) when that variable is set. */
function record(answer: CheckedAnswer): void {
  const file = process.env.JSONAPI_COVERAGE_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(answer)}\n`);
}

/** Checks one answer and records it under its operation. */
export function checkAndRecord(
  operationOf: (path: string) => string,
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: string,
): void {
  const kind = checkAnswer(method, url, status, contentType, body);
  record({ method, operation: operationOf(pathOf(url)), status, kind });
}

function injectUrl(options: InjectOptions | string): string {
  if (typeof options === 'string') return options;
  const url = options.url ?? options.path ?? '/';
  return typeof url === 'string' ? url : (url.pathname ?? '/');
}

/**
 * Wraps `app.inject` so every answer is checked. Only the promise form is used by the suite; the
 * chained and callback forms are refused rather than silently left unchecked.
 */
export function checkInjectedAnswers(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app) as (o: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const operationOf = templateMatcher(app);
  const checked = async (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) {
      throw new Error('checked app.inject supports the promise form only');
    }
    const response = await inject(options);
    const method = (typeof options === 'string' ? 'GET' : (options.method ?? 'GET')).toUpperCase();
    const contentType = response.headers['content-type'];
    checkAndRecord(
      operationOf,
      method,
      injectUrl(options),
      response.statusCode,
      typeof contentType === 'string' ? contentType : undefined,
      response.body,
    );
    return response;
  };
  (app as { inject: unknown }).inject = checked;
  return app;
}

/** The same check for tests that talk to a listening server with fetch. */
export function checkedFetch(app: FastifyInstance): typeof fetch {
  const operationOf = templateMatcher(app);
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const body = await response.clone().text();
    checkAndRecord(
      operationOf,
      (init?.method ?? 'GET').toUpperCase(),
      url.pathname + url.search,
      response.status,
      response.headers.get('content-type') ?? undefined,
      body,
    );
    return response;
  };
}
