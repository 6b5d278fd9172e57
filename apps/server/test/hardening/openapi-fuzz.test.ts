import { JSONAPI_MEDIA_TYPE } from '@cwh/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { loginAsAdmin, startTestApp } from '../harness.js';
import { hostileString, type JsonSchema, validOrHostile } from './openapi-arbitraries.js';

/**
 * Property-based fuzzing over the OpenAPI document: for every operation, generated requests (valid
 * and broken path parameters, query strings and bodies), anonymous and signed in as the admin.
 * Bounded by count (RUNS per operation and caller), seeded, so a failure replays. No answer may be
 * a 5xx. The figures (operations, requests, statuses) are printed for the note.
 */
const RUNS = 12;
const SEED = 20_260_315;

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  secured: boolean;
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      return {
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content ? Object.values(content)[0]?.schema : undefined,
        secured: Array.isArray(op.security) && op.security.length > 0,
      };
    }),
  );
}

/** One request of an operation: each parameter valid or hostile, the body valid or broken. */
function requestOf(op: Operation) {
  const param = (p: Parameter) =>
    p.required || p.in === 'path'
      ? validOrHostile(p.schema)
      : fc.option(validOrHostile(p.schema), { nil: undefined });
  const parameters = fc.tuple(...op.parameters.map(param));
  const body = op.body ? validOrHostile(op.body) : fc.constant(undefined);
  return fc.record({ values: parameters, body, hostilePath: fc.option(hostileString, { freq: 8 }) });
}

/** Percent-encodes like encodeURIComponent; a lone surrogate goes out as the bytes a hostile client would send. */
function encodeSegment(text: string): string {
  return [...text]
    .map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
    .join('');
}

function toInject(op: Operation, sample: { values: unknown[]; body: unknown; hostilePath: string | null }) {
  let url = op.path;
  const query = new URLSearchParams();
  op.parameters.forEach((p, index) => {
    const value = sample.values[index];
    if (value === undefined) return;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeSegment(sample.hostilePath ?? text));
    if (p.in === 'query') query.append(p.name, text);
  });
  url = url.replace(/\{[^}]+\}/g, 'x');
  const search = query.toString();
  return {
    method: op.method as 'GET',
    url: search ? `${url}?${search}` : url,
    ...(sample.body !== undefined
      ? { payload: JSON.stringify(sample.body), headers: { 'content-type': JSONAPI_MEDIA_TYPE } }
      : {}),
  };
}

describe('OpenAPI fuzzing: no input gives a 5xx', () => {
  let app: FastifyInstance;
  let stop: (() => Promise<void>) | undefined;
  let operations: Operation[] = [];
  let adminToken = '';
  const statuses = new Map<number, number>();
  beforeAll(async () => {
    const started = await startTestApp('pglite', {
      config: {
        ladder: { ...defaultLadderConfig(), workers: false },
        // Discord configured (its API unreachable): otherwise its routes answer a deliberate 503.
        discordClientId: 'fuzz-client',
        discordClientSecret: 'fuzz-secret',
        discordApiBaseUrl: 'http://127.0.0.1:9',
      },
    });
    app = started.context.app;
    stop = started.stop;
    operations = operationsOf((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    adminToken = (await loginAsAdmin(app)).token.value;
  }, 120_000);
  afterAll(async () => {
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const figures = Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a - b));
    console.info(`openapi fuzz: ${operations.length} operations, ${total} requests, statuses`, figures);
    await stop?.();
  });

  it('documents every operation that needs a token, its errors and both media types', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const patch = doc.paths['/api/tournaments/1.0/rosters/{id}'].patch;
    expect(patch.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(Object.keys(patch.requestBody.content)).toEqual([JSONAPI_MEDIA_TYPE, 'application/json']);
    const events = doc.paths['/api/tournaments/1.0/events'].get;
    expect(events.security).toBeUndefined();
    expect(operations.length).toBeGreaterThan(40);
  });

  for (const caller of ['anonymous', 'admin'] as const) {
    it(`${caller}: every operation, ${RUNS} generated requests each`, async () => {
      for (const op of operations) {
        // Signing out would end the admin's session for the operations after it.
        if (caller === 'admin' && /logout|sign-out/.test(op.path)) continue;
        await fc.assert(
          fc.asyncProperty(requestOf(op), async (sample) => {
            const request = toInject(op, sample);
            if (caller === 'admin') {
              request.headers = { ...request.headers, authorization: `Bearer ${adminToken}` } as never;
            }
            const response = await app.inject(request);
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const answered = `${request.method} ${request.url} → ${response.body}`;
            expect(response.statusCode, answered).toBeLessThan(500);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }, 600_000);
  }
});
